// Reach (DECISIONS §14): what other features may use.
export { InstallHelp } from "./components/InstallHelp";
