import { OWNER_ACTION_WORDS, displayPhone, parseFields, parsePhone, takeOverSchemaIn } from "@nikki/core";
import { type SubmitEvent, useState } from "react";
import { api, call } from "../../../../lib/client";
import { reloadMe, useMe, useRegion } from "../../../../lib/me";
import { useSubmit } from "../../../../lib/use-submit";
import { PhoneField } from "../../../FormField";
import Modal, { ModalCancel } from "../../../ui/Modal";

/**
 * Take over, asked first (issue 56 §3): it says whose phone it will ring, the member's own (Settings › My phone)
 * unless they type another, read in the organization's region; a phone typed can be kept on their profile. The field
 * has the focus (a form dialog's first field: ui/Modal.tsx), Enter rings, Escape cancels. Its owner keys it per opening (ui/opening-key.ts): blank each time.
 */
export default function TakeOverDialog({ open, callId, onClose }: { open: boolean; callId: string; onClose(): void }) {
  const me = useMe();
  const region = useRegion();
  const profilePhone = me?.user.phone ?? null;
  const [typed, setTyped] = useState<string | null>(null);
  const [keep, setKeep] = useState<boolean | null>(null);
  const { pending, errors, submit } = useSubmit<"number">();

  const number = typed ?? (profilePhone ? displayPhone(profilePhone) : "");
  const parsed = parsePhone(number, region);
  const ringing = parsed.ok ? parsed.e164 : null;
  const yours = ringing !== null && ringing === profilePhone;
  const saving = !yours && (keep ?? profilePhone === null);

  async function ring(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = parseFields(takeOverSchemaIn(region), { number, ...(saving ? { save_to_profile: true } : {}) });
    const done = await submit({
      invalid: input.ok ? {} : input.fields,
      request: () => call(api.calls[":id"]["take-over"].$post, { param: { id: callId } }, input.ok ? input.data : {}),
      failure: { toast: "Could not take over" },
    });
    if (!done) return;
    if (saving) void reloadMe();
    onClose();
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={OWNER_ACTION_WORDS.takeOverQuestion}
      titleId="take-over-title"
      lead={<span role="status">{OWNER_ACTION_WORDS.takeOverFollows(ringing, yours)}</span>}
      onSubmit={ring}
    >
      <PhoneField
        id="take-over-number"
        label={OWNER_ACTION_WORDS.takeOverField}
        region={region}
        value={number}
        onValue={setTyped}
        error={errors.number}
        disabled={pending}
      />
      {!yours && (
        <label className="consent">
          <input type="checkbox" checked={saving} onChange={(event) => setKeep(event.target.checked)} disabled={pending} />
          <span>{OWNER_ACTION_WORDS.takeOverSave}</span>
        </label>
      )}
      <div className="dialog-actions">
        <ModalCancel disabled={pending} />
        <button type="submit" className="btn btn-primary btn-sm" disabled={pending}>
          {pending ? "Ringing…" : OWNER_ACTION_WORDS.takeOverConfirm}
        </button>
      </div>
    </Modal>
  );
}
