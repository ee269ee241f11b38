/**
 * TwiML as strings (DESIGN.md: the `twilio` package does not run on Workers). A document is a tree of
 * verbs and nouns; text and attribute values are XML-escaped here and nowhere else.
 */
export interface TwimlNode {
  name: string;
  attributes: Record<string, string | number | boolean | undefined>;
  children: (TwimlNode | string)[];
}

type Attributes = TwimlNode["attributes"];

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char]!);

export function node(name: string, attributes: Attributes = {}, ...children: (TwimlNode | string)[]): TwimlNode {
  return { name, attributes, children };
}

function render(item: TwimlNode | string): string {
  if (typeof item === "string") return escapeXml(item);
  const attributes = Object.entries(item.attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join("");
  if (item.children.length === 0) return `<${item.name}${attributes}/>`;
  return `<${item.name}${attributes}>${item.children.map(render).join("")}</${item.name}>`;
}

/** A complete TwiML document. */
export function twiml(...verbs: TwimlNode[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${render(node("Response", {}, ...verbs))}`;
}

export const say = (text: string, attributes: { voice?: string; language?: string } = {}) => node("Say", attributes, text);
export const pause = (length: number) => node("Pause", { length });
export const hangup = () => node("Hangup");
export const redirect = (url: string) => node("Redirect", { method: "POST" }, url);
export const message = (text: string) => node("Message", {}, text);

/** `<Start><Recording>`: records both sides from here on. */
export const startRecording = (statusCallback: string) =>
  node(
    "Start",
    {},
    node("Recording", {
      channels: "dual",
      recordingStatusCallback: statusCallback,
      recordingStatusCallbackMethod: "POST",
      recordingStatusCallbackEvent: "completed",
    }),
  );

/**
 * `<Connect><Stream>`: the bidirectional media stream, with custom parameters delivered in the `start` message. With
 * `action`, Twilio asks that URL what comes next when the stream ends and the caller is still on the line.
 */
export const connectStream = (url: string, parameters: Record<string, string>, action?: string) =>
  node(
    "Connect",
    action ? { action, method: "POST" } : {},
    node("Stream", { url }, ...Object.entries(parameters).map(([name, value]) => node("Parameter", { name, value }))),
  );

/** `<Record>`: a voicemail, posted to `action` when the caller hangs up or stops speaking. */
export const record = (attributes: { action: string; maxLength: number; recordingStatusCallback?: string }) =>
  node("Record", { ...attributes, method: "POST", playBeep: true, timeout: 5, finishOnKey: "#" });

/** `<Dial>`: a number as text, or `<Number>` nouns; with `action`, Twilio asks it what comes next when the dialled call ends. */
export const dial = (attributes: { callerId?: string; timeout?: number; action?: string; method?: "POST" }, ...numbers: (TwimlNode | string)[]) =>
  node("Dial", attributes, ...numbers);

/** `<Number url>`: the TwiML at `url` runs on the called party's side once they answer, before the two are joined (a whisper). */
export const dialedNumber = (number: string, url: string) => node("Number", { url, method: "POST" }, number);

/** `<Gather>` of keypresses, posted to `action`; what it nests is said while it listens. */
export const gather = (attributes: { action: string; numDigits: number; timeout: number }, ...children: TwimlNode[]) =>
  node("Gather", { input: "dtmf", ...attributes, method: "POST" }, ...children);
