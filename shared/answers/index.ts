// Every answer schema of the API (issue 16), for the route declarations and the tests.
export * from "../schemas/answer-parts";
export * from "./people";
export * from "../schemas/categories";
export * from "../schemas/budgets";
export * from "../schemas/approval-rules";
export * from "../schemas/gst";
export * from "../schemas/parties";
export * from "../schemas/transactions";
export * from "../schemas/transaction-tools";
export * from "../schemas/emergency";
export * from "../schemas/hr";
export * from "../schemas/leave";
export * from "./accounting";
