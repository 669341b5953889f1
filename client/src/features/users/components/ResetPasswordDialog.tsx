// Reset Password (spec 001 §5: both at least 6 characters and equal, 'Passwords don't match').
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { User } from "@shared/schemas/auth";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Dialog, DialogContent, Field, FormDialogFooter, Input } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { useUserMutations } from "../api";

type Values = { newPassword: string; confirmPassword: string };
const resolver = lazyZodResolver<Values>(async () => {
  const [{ z }, { passwordSchema }] = await Promise.all([import("zod"), import("@shared/schemas/users")]);
  return z
    .object({ newPassword: passwordSchema, confirmPassword: passwordSchema })
    .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });
});

export function ResetPasswordDialog({ user, onOpenChange }: { user: User | null; onOpenChange: (open: boolean) => void }) {
  const { resetPassword } = useUserMutations();
  const { register, handleSubmit, reset, formState } = useForm<Values>({ resolver });
  useEffect(() => {
    if (user) reset({ newPassword: "", confirmPassword: "" });
  }, [user, reset]);

  const onSubmit = handleSubmit(async (values) => {
    if (!user) return;
    try {
      await resetPassword.mutateAsync({ id: user.id, ...values });
      toast({ title: "Password Reset", description: `${user.name}'s password was changed; their sessions were signed out` });
      onOpenChange(false);
    } catch (err) {
      toast({ title: "Error", description: errorMessage(err, "Failed to reset password"), variant: "destructive" });
    }
  });

  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent
        size="sm"
        title="Reset Password"
        description={user ? `Set a new password for ${user.name} (${user.username}).` : undefined}
        footer={
          <FormDialogFooter formId="reset-password-form" submitLabel="Reset Password" pending={resetPassword.isPending} onCancel={() => onOpenChange(false)} />
        }
      >
        <form id="reset-password-form" onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field label="New Password" required error={formState.errors.newPassword?.message}>
            <Input type="password" autoComplete="new-password" {...register("newPassword")} />
          </Field>
          <Field label="Confirm Password" required error={formState.errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...register("confirmPassword")} />
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}
