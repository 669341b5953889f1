// What other features may use of parties (eslint.config.js): the transaction form's picker.
export { PartyPicker, type PickedParty } from "./components/PartyPicker";
