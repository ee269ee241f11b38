import { displayPhone } from "@nikki/core";
import type { CallResource } from "@nikki/core";
import StatusBadge from "../../ui/StatusBadge";
import "./calls.css";

/**
 * Who was on the line, for Calls and Overview: the caller's number with a returning caller's badge; for a member's own
 * test call (placed from Numbers or Agents), the phone it rang, marked as a test call.
 */
export default function CallerCell({ call }: { call: Pick<CallResource, "from_number" | "to_number" | "placed_for" | "caller"> }) {
  if (call.placed_for === "test_call") {
    return (
      <>
        <span className="phone-number">{displayPhone(call.to_number)}</span>
        <span className="call-returning">
          <StatusBadge kind="callFlag" status="test_call" />
        </span>
      </>
    );
  }
  return (
    <>
      <span className="phone-number">{displayPhone(call.from_number)}</span>
      {call.caller.returning && (
        <span className="call-returning">
          <StatusBadge kind="callFlag" status="returning" />
        </span>
      )}
    </>
  );
}
