// /lockout (spec 001 §2): the lockdown notice at an address of its own, for users a lockdown signed
// out. Public: the session it explains is already gone. It is the one lockdown screen (spec 000 §2):
// access is checked again every 30 s or at once (GET /api/auth/session: once signed in again, the
// app opens), and 'Return to Login' forgets everything and shows the sign-in form.
import { useState } from "react";
import { useLocation } from "wouter";
import { PATHS } from "@/lib/paths";
import { useAuth, useLogout } from "@/lib/session";
import { LockdownScreen } from "../components/LockdownScreen";

export default function LockoutPage() {
  const [, navigate] = useLocation();
  const { refetch } = useAuth();
  const logout = useLogout(PATHS.login);
  const [notice, setNotice] = useState<string | null>(null);

  const checkAccess = async () => {
    const result = await refetch();
    if (result.data) navigate(PATHS.home);
    else setNotice("Access is still restricted. You can sign in again once the lockdown ends.");
  };

  return <LockdownScreen notice={notice} onCheckAccess={checkAccess} onReturnToLogin={() => logout.mutate()} />;
}
