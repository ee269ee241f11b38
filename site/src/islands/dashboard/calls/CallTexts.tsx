import { type CallTextResource, TEXT_PURPOSE_NAMES, displayPhone } from "@nikki/core";
import StatusBadge from "../../ui/StatusBadge";
import Time from "../../ui/Time";

/** The texts about a call (its booking's, the follow-up, the owner's alert): to whom, when, and what became of each. */
export default function CallTexts({ texts }: { texts: readonly CallTextResource[] }) {
  if (texts.length === 0) return null;
  return (
    <>
      <h3>Texts</h3>
      <ul className="call-texts">
        {texts.map((text, index) => (
          <li key={`${text.created_at}-${index}`}>
            <span>
              {TEXT_PURPOSE_NAMES[text.purpose]} to <span className="phone-number">{displayPhone(text.to)}</span>{" "}
              <StatusBadge kind="text" status={text.status} />
            </span>
            <span className="muted">
              <Time at={text.created_at} />
              {text.reason ? ` · ${text.reason}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
