// The primitives every screen builds on. Import from "@/components/ui".
export { Alert, type AlertVariant } from "./alert";
export { Badge, type BadgeVariant } from "./badge";
export { Button, buttonVariants, type ButtonProps } from "./button";
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./card";
export { Checkbox } from "./checkbox";
export { Dialog, DialogContent } from "./dialog";
// The dropdown menu is not here: only the header menus use it, and they load it when reached for
// (app/shell/HeaderMenus.tsx); through this barrel every screen would fetch it.
export { EmptyState } from "./empty-state";
export { Field } from "./field";
export { FormDialogFooter } from "./form-dialog-footer";
export { Input, fieldControlClasses } from "./input";
export { Label } from "./label";
export { ActiveToggleAction, ListCard, RecordActions, RowAction, SearchInput } from "./list-page";
export { ListState, type ListQuery } from "./list-state";
export { Select, type SelectOption } from "./select";
export { CenteredSpinner, Spinner } from "./spinner";
export { StatCard, type StatCardVariant } from "./stat-card";
export { Textarea } from "./textarea";
export { ConfirmDialog } from "./confirm-dialog";
export { ConfirmDeactivate, type ConfirmDeactivateProps } from "./confirm-deactivate";
export { Pagination } from "./pagination";
export { Progress } from "./progress";
export { ResponsiveList } from "./responsive-list";
export { IconButton, Tooltip, type IconButtonProps } from "./tooltip";
