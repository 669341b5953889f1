// The whole data model of the product: finance (spec 000), administration and HR (spec 001), and
// the contract of DECISIONS, one file per area. Money is numeric(14,2) (read as strings, never
// floats); instants are timestamptz; local wall-clock dates and times (attendance) are date/time.
// Everything is imported from here ("…/db/schema"), and drizzle-kit reads this file to generate
// the migrations (drizzle.config.ts).
export * from "./enums";
export * from "./people";
export * from "./users";
export * from "./second-factor";
export * from "./settings";
export * from "./audit";
export * from "./notifications";
export * from "./books";
export * from "./finance";
export * from "./transaction-search";
export * from "./authority";
export * from "./emergency";
export * from "./hr";
export * from "./kept-answers";
export * from "./reach";
