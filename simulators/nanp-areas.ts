/**
 * Where a handful of real NANP area codes are, as Twilio's AvailablePhoneNumbers answers name it
 * (`locality`, `region`, `postal_code`, `latitude`, `longitude`). A code not listed here gets nulls,
 * as Twilio gives for a number it cannot place: no locality rather than a wrong one.
 */
export interface AreaPlace {
  locality: string;
  region: string;
  postal_code: string;
  latitude: string;
  longitude: string;
}

const place = (locality: string, region: string, postal_code: string, latitude: string, longitude: string): AreaPlace => ({
  locality,
  region,
  postal_code,
  latitude,
  longitude,
});

const denver = place("Denver", "CO", "80202", "39.7392", "-104.9903");
const newYork = place("New York", "NY", "10001", "40.7128", "-74.0060");
const chicago = place("Chicago", "IL", "60601", "41.8781", "-87.6298");
const losAngeles = place("Los Angeles", "CA", "90012", "34.0522", "-118.2437");
const toronto = place("Toronto", "ON", "M5H 2N2", "43.6532", "-79.3832");

export const NANP_AREAS: Readonly<Record<string, AreaPlace>> = {
  "202": place("Washington", "DC", "20001", "38.9072", "-77.0369"),
  "206": place("Seattle", "WA", "98101", "47.6062", "-122.3321"),
  "212": newYork,
  "646": newYork,
  "303": denver,
  "720": denver,
  "305": place("Miami", "FL", "33130", "25.7617", "-80.1918"),
  "312": chicago,
  "773": chicago,
  "213": losAngeles,
  "310": losAngeles,
  "404": place("Atlanta", "GA", "30303", "33.7490", "-84.3880"),
  "415": place("San Francisco", "CA", "94103", "37.7749", "-122.4194"),
  "503": place("Portland", "OR", "97204", "45.5152", "-122.6784"),
  "512": place("Austin", "TX", "78701", "30.2672", "-97.7431"),
  "602": place("Phoenix", "AZ", "85004", "33.4484", "-112.0740"),
  "617": place("Boston", "MA", "02108", "42.3601", "-71.0589"),
  "702": place("Las Vegas", "NV", "89101", "36.1699", "-115.1398"),
  "713": place("Houston", "TX", "77002", "29.7604", "-95.3698"),
  "801": place("Salt Lake City", "UT", "84101", "40.7608", "-111.8910"),
  "214": place("Dallas", "TX", "75201", "32.7767", "-96.7970"),
  "416": toronto,
  "647": toronto,
  "514": place("Montreal", "QC", "H2Y 1C6", "45.5017", "-73.5673"),
  "604": place("Vancouver", "BC", "V6B 1A1", "49.2827", "-123.1207"),
};

/** The place of an area code, or null when the simulator does not know it. */
export function areaPlace(areaCode: string): AreaPlace | null {
  return NANP_AREAS[areaCode] ?? null;
}
