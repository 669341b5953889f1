// Create / edit a user on the User Management screen (spec 001 §5: three roles, the spec's
// messages through the shared schemas).
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { isApproverRole, LIMITS, type Role } from "@shared/constants";
import type { User } from "@shared/schemas/auth";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Checkbox, Dialog, DialogContent, Field, FormDialogFooter, Input, Select } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { useUserMutations, type UserChanges } from "../api";
import { DisableUserDialog } from "./UserStatusToggle";
import { PrefixedInput } from "@/components/ui/prefixed-input";

/** The roles the newer screen offers (spec 001 §6). */
export const MANAGEMENT_ROLES: readonly Role[] = ["Accountant", "Approver", "SuperAdmin"];

const schemas = async () => Promise.all([import("zod"), import("@shared/schemas/users")]);
const createResolver = lazyZodResolver<Values>(async () => {
  const [{ z }, { createUserSchema, approvalLimitSchema }] = await schemas();
  return createUserSchema.extend({
    role: z.enum(["Accountant", "Approver", "SuperAdmin"], { message: "Role must be Accountant, Approver or SuperAdmin" }),
    approvalLimit: noLimitWhenEmpty(z, approvalLimitSchema),
  });
});
// Edit: the same rules as create, plus isActive; the password is changed through Reset Password.
const editResolver = lazyZodResolver<Values>(async () => {
  const [{ z }, { updateUserSchema, approvalLimitSchema }] = await schemas();
  return updateUserSchema
    .required({ username: true, name: true, role: true })
    .extend({ role: z.string(), approvalLimit: noLimitWhenEmpty(z, approvalLimitSchema) });
});

/** The limit's box: empty is no limit (null); the server's own schema checks the rest. */
function noLimitWhenEmpty(z: typeof import("zod").z, limit: typeof import("@shared/schemas/users").approvalLimitSchema) {
  return z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), limit);
}

type Values = {
  username: string;
  name: string;
  role: string;
  password?: string;
  visibilityWindowDays: unknown;
  isActive?: boolean;
  approvalLimit: unknown;
  email: unknown;
};

export function UserFormDialog({
  open,
  onOpenChange,
  user,
  currentUserId,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  user: User | null;
  currentUserId: string;
}) {
  const { create, update } = useUserMutations();
  const editing = user !== null;
  // One form for both modes; the resolver follows the mode of the moment.
  const editingRef = useRef(editing);
  editingRef.current = editing;
  const form = useForm<Values>({ resolver: (values, context, options) => (editingRef.current ? editResolver : createResolver)(values, context, options) });
  const { register, handleSubmit, reset, setError, formState, watch } = form;
  const role = watch("role") ?? "";
  const errors = formState.errors;

  useEffect(() => {
    if (!open) return;
    reset(
      user
        ? {
            username: user.username,
            name: user.name,
            role: user.role,
            visibilityWindowDays: String(user.visibilityWindowDays ?? LIMITS.visibilityWindowDefault),
            isActive: user.isActive,
            approvalLimit: user.approvalLimit ? user.approvalLimit.replace(/\.00$/, "") : "",
            email: user.email ?? "",
          }
        : {
            username: "",
            name: "",
            role: "Accountant",
            password: "",
            visibilityWindowDays: String(LIMITS.visibilityWindowDefault),
            approvalLimit: "",
            email: "",
          },
    );
  }, [open, user, reset]);

  // Unticking Active asks first, as the Disable button does (DECISIONS §16): the other changes are
  // saved when the disabling is confirmed, and the reason goes to the status change's audit entry.
  const [disabling, setDisabling] = useState<Values | null>(null);
  const changesOf = (values: Values, withStatus: boolean): UserChanges => ({
    username: values.username,
    name: values.name,
    role: values.role as Role,
    visibilityWindowDays: values.visibilityWindowDays as number,
    email: values.email as string | null,
    ...(withStatus ? { isActive: values.isActive } : {}),
    ...(isApproverRole(values.role) ? { approvalLimit: values.approvalLimit as string | null } : {}),
  });

  const onSubmit = handleSubmit(async (values) => {
    if (user?.isActive && values.isActive === false) {
      setDisabling(values);
      return;
    }
    try {
      if (user) {
        await update.mutateAsync({ id: user.id, body: changesOf(values, true) });
        toast({ title: "User Updated", description: `${values.name} was updated successfully` });
      } else {
        await create.mutateAsync({
          username: values.username,
          name: values.name,
          role: values.role as Role,
          password: values.password ?? "",
          visibilityWindowDays: values.visibilityWindowDays as number | undefined,
          email: values.email as string | null,
          ...(isApproverRole(values.role) ? { approvalLimit: values.approvalLimit as string | null } : {}),
        });
        toast({ title: "User Created", description: `${values.name} can now sign in as ${values.username}` });
      }
      onOpenChange(false);
    } catch (err) {
      for (const [path, message] of Object.entries(errorIssues(err))) setError(path as keyof Values, { message });
      toast({ title: "Error", description: errorMessage(err, user ? "Failed to update user" : "Failed to create user"), variant: "destructive" });
    }
  });

  const pending = create.isPending || update.isPending;
  // HR roles exist but this screen offers the three finance roles; an HR user keeps their role.
  const roles = user && !MANAGEMENT_ROLES.includes(user.role) ? [...MANAGEMENT_ROLES, user.role] : MANAGEMENT_ROLES;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={editing ? "Edit User" : "Create User"}
        description={editing ? `Change ${user?.name}'s details and access.` : "Add a person who can sign in."}
        footer={
          <FormDialogFooter formId="user-form" submitLabel={editing ? "Save Changes" : "Create User"} pending={pending} onCancel={() => onOpenChange(false)} />
        }
      >
        <form id="user-form" onSubmit={onSubmit} noValidate className="grid items-start gap-4 sm:grid-cols-2">
          <Field label="Username" required error={errors.username?.message}>
            <Input autoComplete="off" autoCapitalize="none" spellCheck={false} {...register("username")} />
          </Field>
          <Field label="Full Name" required error={errors.name?.message}>
            <Input autoComplete="off" {...register("name")} />
          </Field>
          <Field label="Role" required error={errors.role?.message}>
            <Select options={roles.map((r) => ({ value: r, label: r }))} {...register("role")} />
          </Field>
          <Field label="Email" hint="For notifications by email (optional)" error={errors.email?.message}>
            <Input type="email" inputMode="email" autoComplete="off" autoCapitalize="none" spellCheck={false} {...register("email")} />
          </Field>
          <Field label="Visibility Window (days)" hint="How far back they see transactions (1–365)" error={errors.visibilityWindowDays?.message}>
            <Input type="number" min={1} max={365} inputMode="numeric" {...register("visibilityWindowDays")} />
          </Field>
          {isApproverRole(role) ? (
            <Field
              label="Approval Limit"
              hint="The largest amount they may approve. Empty: no limit. Rejecting is always allowed."
              error={errors.approvalLimit?.message}
              className="sm:col-span-2"
            >
              <PrefixedInput prefix="₹" inputMode="decimal" autoComplete="off" placeholder="No limit" {...register("approvalLimit")} />
            </Field>
          ) : null}
          {!editing ? (
            <Field label="Password" required hint="At least 6 characters" error={errors.password?.message} className="sm:col-span-2">
              <Input type="password" autoComplete="new-password" {...register("password")} />
            </Field>
          ) : (
            <div className="sm:col-span-2">
              <Checkbox
                label="Active"
                hint={user?.id === currentUserId ? "You cannot disable your own account." : "Inactive users cannot sign in."}
                disabled={user?.id === currentUserId}
                {...register("isActive")}
              />
            </div>
          )}
        </form>
        <DisableUserDialog
          user={disabling && user ? user : null}
          onOpenChange={(o) => !o && setDisabling(null)}
          before={async () => {
            if (user && disabling) await update.mutateAsync({ id: user.id, body: changesOf(disabling, false) });
          }}
          onDisabled={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
