import { useEffect, useState } from "react";

/** False in the server-rendered HTML and until the island hydrates: controls stay disabled until they work. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
