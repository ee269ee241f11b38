/**
 * An OpenID Connect provider simulator standing in for Google in tests: the real wire format of discovery,
 * the authorization code flow with PKCE (S256), RS256 ID tokens bound to the nonce, userinfo and JWKS.
 * Its consent page lets the test choose who signs in, and which Calendar scopes it grants when they are asked for;
 * `access_type=offline` adds a refresh_token, which the refresh grant exchanges for new access tokens (Google Calendar's
 * simulator checks them through `scopesOf`). Test infrastructure only: never part of the worker.
 */
import { createHash, randomBytes } from "node:crypto";
import { type Server, createServer } from "node:http";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import { SIMULATED_CREDENTIALS } from "./credentials";

export interface OidcSimulator {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** The scopes an access token was granted, or null for one this provider never issued. */
  scopesOf(token: string): string[] | null;
  close(): Promise<void>;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  nonce: string | null;
  email: string;
  name: string;
  scopes: string[];
  offline: boolean;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const CALENDAR = /^https:\/\/www\.googleapis\.com\/auth\/calendar/;

export async function startOidcSimulator(port: number, options: { clientSecret?: string } = {}): Promise<OidcSimulator> {
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = SIMULATED_CREDENTIALS.googleClientId;
  const clientSecret = options.clientSecret ?? randomBytes(16).toString("hex");
  const refreshTokens = new Map<string, Grant>();
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "sim-key-1", alg: "RS256", use: "sig" };
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", issuer);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
      response.end(JSON.stringify(body));
    };
    const body = async () => {
      let text = "";
      for await (const chunk of request) text += chunk;
      return new URLSearchParams(text);
    };

    if (url.pathname === "/.well-known/openid-configuration") {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "profile"],
        token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
        code_challenge_methods_supported: ["S256"],
        claims_supported: ["sub", "email", "email_verified", "name", "given_name", "family_name"],
      });
    }
    if (url.pathname === "/jwks") return json(200, { keys: [jwk] });

    if (url.pathname === "/authorize") {
      const params = url.searchParams;
      if (params.get("client_id") !== clientId || params.get("response_type") !== "code" || !params.get("redirect_uri")) {
        return json(400, { error: "invalid_request" });
      }
      const calendarScopes = (params.get("scope") ?? "").split(" ").filter((scope) => CALENDAR.test(scope));
      const consent = calendarScopes.length
        ? `<input type="hidden" name="consent" value="1"><fieldset><legend>Nikki AI wants to</legend>${calendarScopes
            .map((scope) => `<label><input type="checkbox" name="grant_scope" value="${escape(scope)}" checked> ${escape(scope)}</label>`)
            .join("")}</fieldset>`
        : "";
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return response.end(`<!doctype html><html lang="en"><head><title>Sign in - Google (simulator)</title></head><body>
<h1>Choose an account</h1><form method="get" action="/approve">
${[...params].map(([key, value]) => `<input type="hidden" name="${escape(key)}" value="${escape(value)}">`).join("")}
<label>Email <input name="login_email" value="grace.hopper@example.com"></label>
<label>Name <input name="login_name" value="Grace Hopper"></label>
${consent}<button type="submit">Continue</button></form></body></html>`);
    }

    if (url.pathname === "/approve") {
      const params = url.searchParams;
      const code = randomBytes(16).toString("hex");
      grants.set(code, {
        clientId: params.get("client_id")!,
        redirectUri: params.get("redirect_uri")!,
        codeChallenge: params.get("code_challenge"),
        nonce: params.get("nonce"),
        email: params.get("login_email") ?? "grace.hopper@example.com",
        name: params.get("login_name") ?? "Grace Hopper",
        // What was asked for, less any Calendar scope the person unticked on the consent page.
        scopes: (params.get("scope") ?? "")
          .split(" ")
          .filter((scope) => scope && (!CALENDAR.test(scope) || !params.get("consent") || params.getAll("grant_scope").includes(scope))),
        offline: params.get("access_type") === "offline",
      });
      const back = new URL(params.get("redirect_uri")!);
      back.searchParams.set("code", code);
      if (params.get("state")) back.searchParams.set("state", params.get("state")!);
      back.searchParams.set("iss", issuer);
      response.writeHead(302, { location: back.href });
      return response.end();
    }

    if (url.pathname === "/token" && request.method === "POST") {
      const form = await body();
      const basic = request.headers.authorization?.startsWith("Basic ")
        ? Buffer.from(request.headers.authorization.slice(6), "base64").toString().split(":").map(decodeURIComponent)
        : [form.get("client_id"), form.get("client_secret")];
      if (basic[0] !== clientId || basic[1] !== clientSecret) return json(401, { error: "invalid_client" });
      if (form.get("grant_type") === "refresh_token") {
        const held = refreshTokens.get(form.get("refresh_token") ?? "");
        if (!held) return json(400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
        const accessToken = randomBytes(24).toString("hex");
        tokens.set(accessToken, held);
        return json(200, { access_token: accessToken, token_type: "Bearer", expires_in: 3599, scope: held.scopes.join(" ") });
      }
      const grant = grants.get(form.get("code") ?? "");
      grants.delete(form.get("code") ?? "");
      if (!grant || grant.redirectUri !== form.get("redirect_uri") || form.get("grant_type") !== "authorization_code") {
        return json(400, { error: "invalid_grant" });
      }
      if (grant.codeChallenge) {
        const verifier = form.get("code_verifier") ?? "";
        if (createHash("sha256").update(verifier).digest("base64url") !== grant.codeChallenge) {
          return json(400, { error: "invalid_grant", error_description: "PKCE verification failed" });
        }
      }
      const sub = createHash("sha256").update(grant.email).digest("hex").slice(0, 21);
      const idToken = await new SignJWT({
        email: grant.email,
        email_verified: true,
        name: grant.name,
        given_name: grant.name.split(" ")[0],
        family_name: grant.name.split(" ").slice(1).join(" "),
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      })
        .setProtectedHeader({ alg: "RS256", kid: jwk.kid, typ: "JWT" })
        .setIssuer(issuer)
        .setAudience(clientId)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(privateKey);
      const accessToken = randomBytes(24).toString("hex");
      tokens.set(accessToken, grant);
      const refresh = grant.offline ? `1//${randomBytes(32).toString("base64url")}` : null;
      if (refresh) refreshTokens.set(refresh, grant);
      return json(200, {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: 3600,
        scope: grant.scopes.length ? grant.scopes.join(" ") : "openid email profile",
        id_token: idToken,
        ...(refresh ? { refresh_token: refresh } : {}),
      });
    }

    if (url.pathname === "/userinfo") {
      const grant = tokens.get(request.headers.authorization?.replace(/^Bearer /, "") ?? "");
      if (!grant) return json(401, { error: "invalid_token" });
      const sub = createHash("sha256").update(grant.email).digest("hex").slice(0, 21);
      // As Google's: the e-mail only with the `email` scope, the name only with `profile`.
      return json(200, {
        sub,
        ...(grant.scopes.includes("email") ? { email: grant.email, email_verified: true } : {}),
        ...(grant.scopes.includes("profile") ? { name: grant.name } : {}),
      });
    }

    json(404, { error: "not_found" });
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    scopesOf: (token) => tokens.get(token)?.scopes ?? null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
