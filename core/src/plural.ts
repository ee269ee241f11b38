/**
 * A count with its noun in the right number, the one way copy says how many: "1 minute", "2 minutes", "1 entry",
 * "3 entries" (`many` where the plural is not the noun plus "s"; also for a phrase that agrees, "page was"/"pages were").
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}
