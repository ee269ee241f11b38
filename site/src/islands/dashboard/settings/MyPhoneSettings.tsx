import { MY_PHONE_WORDS, displayPhone, myPhoneSchemaIn, parseFields, phoneFormatHint } from "@nikki/core";
import { useState } from "react";
import { api, call } from "../../../lib/client";
import { reloadMe, useMe, useRegion } from "../../../lib/me";
import { useSubmit } from "../../../lib/use-submit";
import { PhoneField } from "../../FormField";
import { Section } from "./SettingsField";

/**
 * An owner's or admin's own phone (issue 56 §3): the one Take over rings on a live call, typed as they dial it;
 * emptied, it is cleared (a take-over then asks for one).
 */
export default function MyPhoneSettings() {
  const me = useMe();
  const region = useRegion();
  const [typed, setTyped] = useState<string | null>(null);
  const { pending, errors, submit } = useSubmit<"phone">();
  if (!me?.organization || (me.role !== "owner" && me.role !== "admin")) return null;
  const saved = me.user.phone;
  const phone = typed ?? (saved ? displayPhone(saved) : "");

  async function save() {
    const input = parseFields(myPhoneSchemaIn(region), { phone: phone.trim() === "" ? null : phone });
    const done = await submit({
      invalid: input.ok ? {} : input.fields,
      request: () => call(api.org.members.me.phone.$put, undefined, input.ok ? input.data : { phone: null }),
      failure: { toast: "Could not save your phone" },
      success: ({ phone: kept }) => ({ title: "Saved", description: MY_PHONE_WORDS.saved(kept) }),
    });
    if (!done) return;
    setTyped(null);
    await reloadMe();
  }

  return (
    <Section id="my-phone" title={MY_PHONE_WORDS.title} lead={MY_PHONE_WORDS.lead} onSave={() => void save()} pending={pending}>
      <PhoneField
        id="my-phone-number"
        label={MY_PHONE_WORDS.label}
        region={region}
        value={phone}
        onValue={setTyped}
        error={errors.phone}
        hint={saved ? phoneFormatHint(region) : `${MY_PHONE_WORDS.none} ${phoneFormatHint(region)}`}
        disabled={pending}
      />
    </Section>
  );
}
