import { type CallResource, simulatedAfterHoursLabel } from "@nikki/core";
import StatusBadge from "../../ui/StatusBadge";

/**
 * A call's flags beside its time, in the list and the detail: after hours, and what kind of call it is. A Test Suite
 * call that simulated after hours says so, with the moment it simulated (issue 54), never a bare "After hours" its own
 * time would contradict.
 */
export default function CallFlags({ call, zone }: { call: Pick<CallResource, "after_hours" | "kind" | "simulated_at">; zone: string | undefined }) {
  if (call.kind === "test" && call.after_hours) {
    return (
      <span className="call-flags call-flags-simulated">
        <StatusBadge kind="callFlag" status="test_call" label={simulatedAfterHoursLabel(call.simulated_at, zone)} />
      </span>
    );
  }
  return (
    <span className="call-flags">
      {call.after_hours && <StatusBadge kind="callFlag" status="after_hours" />}
      {call.kind !== "conversation" && <StatusBadge kind="callKind" status={call.kind} />}
    </span>
  );
}
