/**
 * Item 6: exactly one consent row per placed call, with each request sent twice (a client's retry) and every
 * call's status callback delivered three times. Item 7: the chat endpoint's limits under 100 parallel sessions:
 * an oversize body 413, the history capped, `max_tokens` set, one address held to its daily budget and the
 * organization to its own, with the model asked exactly as often as requests were accepted.
 */
import { LIMITS } from "@nikki/core";
import { type Context, type ReliabilityItem, callMeNow, completedCallback, freshAddress, outcome, signUpOwner } from "./context";

const PHONES = Array.from({ length: 20 }, (_, i) => `+1628555${String(3000 + i)}`);

async function consentsByPhone(context: Context) {
  const { results } = await context.db
    .prepare(`select phone_e164 as phone, count(*) as n from consent_records where phone_e164 in (${PHONES.map(() => "?").join(",")}) group by phone_e164`)
    .bind(...PHONES)
    .all<{ phone: string; n: number }>();
  return new Map(results.map((row) => [row.phone, row.n]));
}

const callsByPhone = (context: Context) => {
  const calls = new Map<string, number>();
  for (const request of context.simulators.twilio.requests) {
    const to = request.form?.To;
    if (request.method === "POST" && request.path.endsWith("/Calls.json") && to && PHONES.includes(to)) calls.set(to, (calls.get(to) ?? 0) + 1);
  }
  return calls;
};

export const consentRows: ReliabilityItem = {
  number: "6",
  name: "consent_rows",
  server: true,
  async run(context) {
    const send = (phone: string, address: string) =>
      callMeNow(context, phone, address).then(async (response) => ({ status: response.status, body: (await response.json()) as { callSid?: string } }));
    // 20 callers, each request retried at once (the same body twice, in parallel), then a third time.
    const answers = (
      await Promise.all(
        PHONES.map((phone) => {
          const address = freshAddress();
          return Promise.all([send(phone, address), send(phone, address)]).then(async (pair) => [...pair, await send(phone, address)]);
        }),
      )
    ).flat();
    const callSids = answers.flatMap((answer) => (answer.body.callSid ? [answer.body.callSid] : []));
    // Every call's completed callback, three times.
    for (const sid of callSids) for (let i = 0; i < 3; i++) await completedCallback(context, sid, 20);
    const consents = await consentsByPhone(context);
    const calls = callsByPhone(context);
    const failures: string[] = [];
    for (const phone of PHONES) {
      if ((consents.get(phone) ?? 0) !== (calls.get(phone) ?? 0))
        failures.push(`${phone}: ${consents.get(phone) ?? 0} consent rows, ${calls.get(phone) ?? 0} calls`);
    }
    const totalCalls = [...calls.values()].reduce((a, b) => a + b, 0);
    const totalConsents = [...consents.values()].reduce((a, b) => a + b, 0);
    if (callSids.length !== totalCalls) failures.push(`${callSids.length} accepted for ${totalCalls} calls`);
    return outcome(
      {
        requests: answers.length,
        accepted: callSids.length,
        refused: answers.length - callSids.length,
        calls_placed: totalCalls,
        consent_rows: totalConsents,
        status_callbacks: callSids.length * 3,
      },
      failures,
    );
  },
};

function chat(context: Context, address: string, body: string, key: string) {
  return fetch(`${context.base}/api/chat?key=${key}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: context.base, "cf-connecting-ip": address },
    body,
  });
}
const ask = (text: string) => JSON.stringify({ messages: [{ role: "user", content: text }] });

export const chatBudgets: ReliabilityItem = {
  number: "7",
  name: "chat_budgets",
  server: true,
  async run(context) {
    // An organization of its own, so its daily budget starts untouched whatever ran before.
    const { organizationId } = await signUpOwner(context.base, "Budget Plumbing");
    const key = (await context.db
      .prepare("select public_key from widget_keys where organization_id = ? and revoked_at is null")
      .bind(organizationId)
      .first<string>("public_key"))!;
    const failures: string[] = [];
    const oversize = await chat(context, freshAddress(), ask("x".repeat(70_000)), key);
    if (oversize.status !== 413) failures.push(`oversize body: ${oversize.status}`);

    // Its own model calls: other items' chats may still be analysed meanwhile (the simulator serves every item).
    const ours = () => context.simulators.openai.chatRequests.filter((request) => JSON.stringify(request).includes("Budget Plumbing"));
    const modelCallsBefore = ours().length;
    const long = JSON.stringify({ messages: Array.from({ length: 60 }, (_, i) => ({ role: "user", content: `turn ${i}` })) });
    const longReply = await chat(context, freshAddress(), long, key);
    const sent = ours().at(-1) as { messages: unknown[]; max_tokens?: number; max_completion_tokens?: number };
    const history = sent.messages.length - 1;
    const maxTokens = sent.max_tokens ?? sent.max_completion_tokens ?? null;
    if (longReply.status !== 200 || history > LIMITS.chatHistoryTurns) failures.push(`history of ${history} turns sent (status ${longReply.status})`);
    if (maxTokens !== LIMITS.chatOutputTokens) failures.push(`max_tokens ${maxTokens}`);

    // One address, 110 requests at once: its daily budget, no more.
    const one = freshAddress();
    const single = await Promise.all(Array.from({ length: LIMITS.chatPerIpDay + 10 }, () => chat(context, one, ask("hello"), key).then((r) => r.status)));
    const singleOk = single.filter((s) => s === 200).length;
    if (singleOk !== LIMITS.chatPerIpDay) failures.push(`one address: ${singleOk} answered, budget ${LIMITS.chatPerIpDay}`);

    // 100 sessions (addresses) at once, 20 messages each, until the organization's budget is spent.
    const used = 1 + singleOk;
    const sessions = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const address = freshAddress();
        const statuses: number[] = [];
        for (let i = 0; i < 20; i++) statuses.push((await chat(context, address, ask(`question ${i}`), key)).status);
        return statuses;
      }),
    );
    const sessionOk = sessions.flat().filter((s) => s === 200).length;
    const expectedOk = LIMITS.chatPerOrganizationDay - used;
    if (sessionOk !== expectedOk)
      failures.push(`100 sessions: ${sessionOk} answered, expected ${expectedOk} (organization budget ${LIMITS.chatPerOrganizationDay})`);
    const modelCalls = ours().length - modelCallsBefore;
    if (modelCalls !== 1 + singleOk + sessionOk) failures.push(`the model was asked ${modelCalls} times for ${1 + singleOk + sessionOk} answers`);
    return outcome(
      {
        oversize: oversize.status,
        history_sent: history,
        max_tokens: String(maxTokens),
        one_address_answered: `${singleOk}/${single.length}`,
        sessions: 100,
        session_answered: `${sessionOk}/${sessions.flat().length}`,
        model_calls: modelCalls,
      },
      failures,
    );
  },
};
