// Every answer schema of the API (issue 16), for the route declarations and the tests.
export * from "../schemas/answer-parts";
export * from "./people";
export * from "./finance";
export * from "./hr";
export * from "./accounting";
