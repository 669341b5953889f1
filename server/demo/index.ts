// The demo data of `npm run seed:demo` (DECISIONS §1): seedDemo builds it, the CLI prints it.
export { seedDemo, demoState, ALREADY_PRESENT_MESSAGE, PARTIAL_SEED_MESSAGE, DEMO_MARKER_KEY, type SeedOptions, type SeedSummary } from "./seed";
export { DEMO_USERS, DEMO_PASSWORD, DEMO_EMERGENCY_PINS, DEMO_EMPLOYEE_LOGINS, COMPANY } from "./data";
export { seedRefusal, PRODUCTION_REFUSAL } from "./guard";
export { formatSummary } from "./report";
