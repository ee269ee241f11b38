import { useEffect, useState } from "react";
import { api, call } from "../lib/client";

/**
 * The public navigation's account corner: Login and Start Free Trial for a visitor; for someone signed in, their
 * dashboard and Sign out instead (the session is read once the page is idle).
 */
export default function NavAccount({ onLoginPage }: { onLoginPage: boolean }) {
  const [signedIn, setSignedIn] = useState<{ email: string } | null>(null);
  useEffect(() => {
    void call(api.auth["get-session"].$get).then((result) => {
      if (result.ok && result.data?.user) setSignedIn({ email: result.data.user.email });
    });
  }, []);

  if (!signedIn)
    return (
      <>
        <a href="/login" className="login" aria-current={onLoginPage ? "page" : undefined}>
          Login
        </a>
        <a href="/signup" className="btn btn-primary">
          Start Free Trial
        </a>
      </>
    );
  return (
    <>
      <button
        type="button"
        className="login"
        title={`Signed in as ${signedIn.email}`}
        onClick={async () => {
          await call(api.auth["sign-out"].$post, undefined, {});
          window.location.assign("/");
        }}
      >
        Sign out
      </button>
      <a href="/dashboard" className="btn btn-primary">
        Dashboard
      </a>
    </>
  );
}
