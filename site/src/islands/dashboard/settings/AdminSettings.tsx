import { canManage } from "@nikki/core";
import { useMe } from "../../../lib/me";
import Loaded from "../../ui/Loaded";
import { AlertChannelSettings } from "./AlertSettings";
import { BlockedNumbersSettings } from "./BlockedNumbers";
import { BookingSettings, CalendarFeedSettings } from "./BookingSettings";
import { CallDataSettings, PhoneSettings } from "./CallSettings";
import { useSettings } from "./use-settings";
import { TelephonySettings, WidgetSettings } from "./WidgetSettings";
import "./settings.css";

/** The organization's settings sections, for owners and admins (viewers see their own security only); read once. */
export default function AdminSettings() {
  const manager = canManage(useMe()?.role);
  const settings = useSettings(manager);
  if (!manager) return null;
  return (
    <Loaded resource={settings} loading="Loading settings…">
      {(loaded) => (
        <>
          <CallDataSettings loaded={loaded} />
          <BlockedNumbersSettings loaded={loaded} />
          <PhoneSettings loaded={loaded} />
          <BookingSettings loaded={loaded} />
          <CalendarFeedSettings loaded={loaded} />
          <AlertChannelSettings loaded={loaded} />
          <WidgetSettings loaded={loaded} />
          <TelephonySettings />
        </>
      )}
    </Loaded>
  );
}
