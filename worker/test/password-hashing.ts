/**
 * better-auth stores and checks each password with scrypt (N=16384, r=16) in JavaScript, which is slow by design:
 * one sign-up or sign-in took 110 to 350 ms in workerd on a 2-core machine, idle or with one core kept busy by
 * another process beside `npm start` and the second test runner. A test that hashes many passwords gets this budget
 * per hash, about three times the slowest measured, instead of the default 5 s for the whole test.
 */
const MS_PER_HASH = 1_000;

/**
 * Every worker test's timeout: a test of a few sign-ups and requests, with the headroom a busy machine needs (three
 * runs beside `npm start`, other agents' test runs and one busy core saw 5 s exceeded by tests of 3 to 20 requests).
 */
export const WORKER_TEST_TIMEOUT = 30_000;

/** The timeout of a test that hashes `hashes` passwords (sign-ups, sign-ins, resets; an unknown e-mail is hashed too). */
export const hashingTimeout = (hashes: number) => Math.max(WORKER_TEST_TIMEOUT, hashes * MS_PER_HASH);
