// What other parts of the app may use of the second-factor screens.
export { SecondFactorSetupScreen } from "./components/SecondFactorSetupScreen";
export { ChangePasswordScreen } from "./components/ChangePasswordScreen";
