import { useEffect, useState } from "react";
import { loadMe } from "../../../lib/me";
import { AlertChannelSettings } from "./AlertSettings";
import { CallDataSettings, PhoneSettings } from "./CallSettings";
import { TelephonySettings, WidgetSettings } from "./WidgetSettings";
import "./settings.css";

/** The organization's settings sections, for owners and admins (viewers see their own security only). */
export default function AdminSettings() {
  const [role, setRole] = useState<string | null>(null);
  useEffect(() => void loadMe().then((me) => setRole(me?.role ?? "viewer")), []);
  if (role !== "owner" && role !== "admin") return null;
  return (
    <>
      <CallDataSettings />
      <PhoneSettings />
      <AlertChannelSettings />
      <WidgetSettings />
      <TelephonySettings />
    </>
  );
}
