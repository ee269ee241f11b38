/**
 * The words a knowledge lookup leaves out and the ones it also looks for. Callers ask in their own words ("how much",
 * "when do you close", "do you come out to…"), a business's site says it in its own ("prices", "hours", "service
 * area"): the groups below are the everyday vocabulary of a small business's questions, not any one site's. Words are
 * matched after FTS5's porter stemming, so one form of each is enough.
 */

/** Words that say nothing about what is asked (English, and the commonest Spanish ones). */
export const STOP_WORDS = new Set(
  (
    "a about above after again all also am an and any are as at be been before being below between both but by can could " +
    "did do does doing done down during each few for from further get got had has have having he her here hers herself him " +
    "himself his how i if in into is it its itself just let me might more most must my myself no nor not now of off on once " +
    "only or other our ours ourselves out over own please same she should so some such tell than thank thanks that the their " +
    "theirs them themselves then there these they this those through to too under until up us very was we were what whats " +
    "which while who whom why will with would you your yours yourself yourselves hi hello hey ok okay yes yeah like know want " +
    "wanted wondering wonder need ask asking question guy guys something anything thing really actually maybe possible " +
    "el la los las un una unos unas de del al y o que en por para con es son está están me mi su sus tu usted le les lo se yo " +
    "hola gracias favor"
  ).split(" "),
);

/** Words a caller and a business use for the same thing; a lookup for one also looks for the others. */
const SYNONYM_GROUPS = [
  "price prices pricing cost costs charge charges surcharge surcharges fee fees rate rates much expensive cheap afford",
  "hour hours open opening close closing closed schedule",
  "weekend weekends saturday sunday",
  "area areas serve cover coverage travel near nearby zone neighborhood neighbourhood city town region",
  "where address location located directions",
  "cancel cancellation cancelling reschedule",
  "refund refunds reimburse return",
  "pay payment payments card cash credit debit financing",
  "insurance insured license licensed bonded certified",
  "warranty warranties guarantee guaranteed satisfaction satisfied happy unhappy complaint",
  "book booking appointment appointments reserve reservation visit visits",
  "emergency emergencies urgent asap",
  "discount discounts deal coupon promotion senior military",
  "estimate estimates quote quotes",
  "deposit upfront advance",
  "staff team owner owners owns owned founder employee employees technician technicians",
  "founded history established experience story started since",
  "phone email contact reach",
  "kid kids child children toddler toddlers baby babies infant",
  "pet pets dog dogs cat cats animal",
  "park parking",
  "supplies supply products equipment materials tool tools spray sprays vacuum vacuums chemical chemicals",
  "access entry key keys lockbox",
].map((group) => group.split(" "));

/** Phrases that mean one of the words above ("call off" a visit is cancelling it). */
export const PHRASES: readonly [RegExp, string][] = [
  [/\bcall(?:s|ed|ing)? (?:it )?off\b/g, "cancel"],
  [/\bhow much\b/g, "price"],
  [/\bmoney back\b/g, "refund"],
  // "Can you come out today?": a visit, in a site's words ("service call", "visit"), not the verb a site uses for
  // anything ("if a clog comes back").
  [/\b(?:come|coming|came) (?:out|over|by|round|around)\b/g, "visit"],
  [/\bhow long (?:have|has) (?:you|it|they|the \w+) been\b/g, "history"],
  // "Do I have to be home?", "Must someone be there?": how the business gets in when nobody is.
  [/\b(?:stay|be|being|remain) (?:at )?home\b|\b(?:stay|be|being) (?:there|around|present)\b|\blet (?:you|them|the \w+) in\b/g, "home access"],
];

const GROUP_OF = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS) for (const word of group) GROUP_OF.set(word, group);

/** The word and the others of its group. */
export function withSynonyms(word: string): readonly string[] {
  return GROUP_OF.get(word) ?? [word];
}
