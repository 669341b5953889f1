// Enabling a user is one tap; disabling asks first (DECISIONS §16), naming the person and that
// their sessions end, with an optional reason kept in the audit entry. Both user screens and the
// edit dialog switch a user off through here.
import { useState } from "react";
import { LIMITS } from "@shared/constants";
import type { User } from "@shared/schemas/auth";
import { ConfirmDeactivate } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { useUserMutations } from "../api";

/** "Vikram Mehta (@approver.demo) can no longer sign in, and is signed out now on every device." */
export function disableConsequences(user: Pick<User, "name" | "username">): string {
  return `${user.name} (@${user.username}) can no longer sign in, and every session open now ends at once, on every device. Their transactions, approvals and history are kept.`;
}

/**
 * The confirmation for disabling `user`. `before` runs first when confirmed (the edit dialog saves
 * its other changes); `onDisabled` after the server has switched them off.
 */
export function DisableUserDialog({
  user,
  onOpenChange,
  before,
  onDisabled,
}: {
  user: User | null;
  onOpenChange: (open: boolean) => void;
  before?: () => Promise<void>;
  onDisabled?: () => void;
}) {
  const { setStatus } = useUserMutations();
  const confirm = async (reason: string | undefined) => {
    if (!user) return;
    try {
      await before?.();
      await setStatus.mutateAsync({ id: user.id, isActive: false, reason });
      toast({ title: "User Deactivated", description: `${user.name} can no longer sign in; their sessions have ended` });
      onOpenChange(false);
      onDisabled?.();
    } catch (err) {
      toast({ title: "Error", description: errorMessage(err, "Failed to update user status"), variant: "destructive" });
    }
  };
  return (
    <ConfirmDeactivate
      open={user !== null}
      onOpenChange={onOpenChange}
      title={user ? `Disable ${user.name}?` : "Disable user?"}
      consequences={user ? disableConsequences(user) : ""}
      confirmLabel="Disable user"
      pending={setStatus.isPending}
      reason={{ maxLength: LIMITS.userStatusReasonMax, hint: "Why they are switched off; kept in the audit trail." }}
      onConfirm={(reason) => void confirm(reason)}
    />
  );
}

/** Enable at once, or ask before disabling: what both user screens' status buttons do. */
export function useUserStatusToggle() {
  const { setStatus } = useUserMutations();
  const [disabling, setDisabling] = useState<User | null>(null);
  const toggle = async (u: User) => {
    if (u.isActive) {
      setDisabling(u);
      return;
    }
    try {
      await setStatus.mutateAsync({ id: u.id, isActive: true });
      toast({ title: "User Activated", description: `${u.name} can sign in again` });
    } catch (err) {
      toast({ title: "Error", description: errorMessage(err, "Failed to update user status"), variant: "destructive" });
    }
  };
  const dialog = <DisableUserDialog user={disabling} onOpenChange={(open) => !open && setDisabling(null)} />;
  return { toggle, pending: setStatus.isPending, dialog };
}
