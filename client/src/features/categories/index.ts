// What other features may use of categories (eslint.config.js): the one query of the category list,
// read by the transaction form and lists, the approval rules and the budgets.
export { CATEGORIES_KEY, useCategories } from "./api";
