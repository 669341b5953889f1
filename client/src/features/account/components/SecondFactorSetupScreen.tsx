// The only screen open to a user whose role requires a second factor they do not have yet
// (DECISIONS §13): the server refuses their other calls, so the app shows nothing else until one
// is added, and offers a way out by signing out.
import { useCurrentUser } from "@/lib/session";
import { Alert } from "@/components/ui";
import { BeforeYouGoOn } from "./BeforeYouGoOn";
import { SecurityPanels } from "./SecurityPanels";

export function SecondFactorSetupScreen() {
  const user = useCurrentUser();
  return (
    <BeforeYouGoOn title="Set up a second factor" subtitle="One more step before you can use the system." width="panels" showRole>
      <Alert variant="warning" title={`${user.role} accounts need a second factor`} className="mb-5">
        Your administrator requires it for your role. Add a passkey or an authenticator app below; the system opens as soon as one is on.
      </Alert>
      <SecurityPanels setupMode />
    </BeforeYouGoOn>
  );
}
