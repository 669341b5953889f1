// What other features may use of approval rules: the transaction form's preview (eslint.config.js).
export { useApprovalPreview, type PreviewFacts } from "./api";
