/**
 * Stripe's request encoding, as its SDK writes it: form fields with nested keys in brackets (`a[b][0][c]=1`), arrays
 * by index, dates as Unix seconds, null as an empty value (which unsets), undefined left out; every character but
 * letters, digits and `-_.~` percent-encoded, the brackets kept readable.
 */
type FormValue = string | number | boolean | Date | null | undefined | FormValue[] | { [key: string]: FormValue };

const encode = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%5B/g, "[")
    .replace(/%5D/g, "]");

function fields(key: string, value: FormValue, out: string[]): void {
  if (value === undefined) return;
  if (value === null || value instanceof Date || typeof value !== "object") {
    const text = value === null ? "" : value instanceof Date ? String(Math.floor(value.getTime() / 1000)) : String(value);
    out.push(`${encode(key)}=${encode(text)}`);
  } else if (Array.isArray(value)) value.forEach((item, index) => fields(`${key}[${index}]`, item, out));
  else for (const [name, item] of Object.entries(value)) fields(`${key}[${name}]`, item, out);
}

export function stripeForm(params: object): string {
  const out: string[] = [];
  for (const [key, value] of Object.entries(params)) fields(key, value as FormValue, out);
  return out.join("&");
}
