export type CheckStatus = "checking" | "success" | "error";

export interface HealthCheck {
  name: string;
  status: CheckStatus;
  message: string;
}

/** Spec 000 §8 "Health messages": error text is cut to 100 characters. */
const cut = (text: string) => (text.length > 100 ? `${text.slice(0, 99)}…` : text);

export function secureContextCheck(): HealthCheck {
  return window.isSecureContext
    ? { name: "Secure connection", status: "success", message: "HTTPS (or localhost) detected" }
    : { name: "Secure connection", status: "error", message: "HTTP detected - WebRTC requires HTTPS" };
}

export async function microphoneCheck(): Promise<HealthCheck> {
  const name = "Microphone";
  if (!navigator.mediaDevices?.getUserMedia) return { name, status: "error", message: "This browser cannot capture audio" };
  try {
    const permission = await navigator.permissions.query({ name: "microphone" as PermissionName });
    if (permission.state === "denied") return { name, status: "error", message: "Microphone blocked: allow it in your browser settings" };
    return { name, status: "success", message: permission.state === "granted" ? "Microphone allowed" : "Available (you will be asked to allow it)" };
  } catch {
    return { name, status: "success", message: "Available (you will be asked to allow it)" };
  }
}

/** The token endpoint's probe (anyone, nothing minted): reachable, configured, and whether the visitor is signed in. */
export async function tokenEndpointCheck(base: string): Promise<{ check: HealthCheck; signedIn: boolean }> {
  const name = "Voice service";
  let response: Response;
  try {
    response = await fetch(`${base}/api/realtime/token?probe=1`, { credentials: "include", signal: AbortSignal.timeout(10_000) });
  } catch {
    return { check: { name, status: "error", message: "Origin blocked by CORS" }, signedIn: false };
  }
  if (response.status === 401) return { check: { name, status: "error", message: "401 Unauthorized" }, signedIn: false };
  if (response.status === 403) return { check: { name, status: "error", message: "403 Forbidden. Origin blocked by CORS" }, signedIn: false };
  if (response.status >= 500) return { check: { name, status: "error", message: cut(`${response.status} Server error`) }, signedIn: false };
  const body = (await response.json().catch(() => null)) as { configured?: unknown; signed_in?: unknown } | null;
  if (!response.ok || typeof body?.configured !== "boolean" || typeof body.signed_in !== "boolean") {
    return { check: { name, status: "error", message: cut(`Invalid response structure (${response.status})`) }, signedIn: false };
  }
  if (!body.configured) return { check: { name, status: "error", message: "The voice service is not configured on the server" }, signedIn: body.signed_in };
  return { check: { name, status: "success", message: "Token endpoint reachable" }, signedIn: body.signed_in };
}
