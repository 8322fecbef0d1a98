import { Alert, Box, Dialog, Stack, Switch, Table, Text } from "@chakra-ui/react";
import {
  CurrentPasswordSchema,
  isLockedNotification,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from "@jengafund/shared";
import { type FormEvent, useState } from "react";
import { ActionTile } from "../../../components/ui/action-tile";
import { DialogFormFooter } from "../../../components/ui/dialog-form-footer";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { FormField } from "../../../components/ui/form-field";
import { SettingsIcon } from "../../../components/ui/icons";
import { PasswordInput } from "../../../components/ui/password-input";
import { errorMessage } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth/use-auth";
import { toast } from "../../../lib/toast/toast";
import { useOneAtATime } from "../../../lib/use-one-at-a-time";
import { updateNotificationPreferences } from "../api/update-notification-preferences";
import { carries, preferenceChanges } from "../lib/preference-changes";

const CHANNEL_NAMES: Record<NotificationChannel, string> = { sms: "SMS", email: "Email" };
export const LOCKED_NOTE = "Security notice — always sent";
export const PASSWORD_LABEL = "Your password";
export const PASSWORD_HELPER =
  "Changing your alerts needs your password. We tell you by SMS and email when they change.";

/** Account → Quick Actions' "Account Settings" tile (spec §2) and the Notifications dialog it opens. */
export function NotificationsDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root
      size="md"
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
    >
      <Dialog.Trigger asChild>
        <ActionTile
          icon={<SettingsIcon boxSize="6" color="brand.fg" />}
          title="Account Settings"
          description="Notifications and preferences"
        />
      </Dialog.Trigger>
      <NotificationsForm onSaved={() => setOpen(false)} />
    </Dialog.Root>
  );
}

/**
 * A switch per kind and channel, as GET /auth/me says they are. Security notices (and a withdrawal being asked for)
 * are always sent: their switches stay on and cannot be changed. Saving sends only what changed, with the password
 * (design.md §13.2: a stolen session alone cannot silence the owner); the answer's user replaces the signed-in user,
 * and its message is the one toast. A missing password shows under its field; the server's refusal (a wrong one) above.
 */
function NotificationsForm({ onSaved }: { onSaved: () => void }) {
  const { user, setUser } = useAuth();
  const saved = user?.notifications;
  const [draft, setDraft] = useState<NotificationPreferences | undefined>(saved);
  const [failure, setFailure] = useState<string>();
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string>();
  const changes = saved && draft ? preferenceChanges(saved, draft) : undefined;

  const save = useOneAtATime(async () => {
    if (!changes) return;
    const checked = CurrentPasswordSchema.safeParse(password);
    if (!checked.success) {
      setPasswordError(checked.error.issues[0]?.message);
      return;
    }
    setPasswordError(undefined);
    setFailure(undefined);
    try {
      const answer = await updateNotificationPreferences({ ...changes, password: checked.data });
      setUser(answer.user);
      toast.success(answer.message);
      onSaved();
    } catch (error) {
      setFailure(errorMessage(error, "Failed to save your notification preferences"));
    }
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.run();
  }

  const toggle = (channel: NotificationChannel, kind: NotificationKind, on: boolean) =>
    setDraft((current) => current && { ...current, [channel]: { ...current[channel], [kind]: on } });

  return (
    <DialogFrame title="Notifications" onSubmit={submit} closeDisabled={save.busy}>
      <Dialog.Body>
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            Choose how we tell you about your money. Security notices are always sent, by SMS and email.
          </Text>
          {failure && (
            <Alert.Root status="error" size="sm">
              <Alert.Indicator />
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Root>
          )}
          {draft && (
            <Table.Root size="sm" variant="line">
              <Table.Caption srOnly>Notifications by SMS and email</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">Notice</Table.ColumnHeader>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <Table.ColumnHeader key={channel} scope="col" textAlign="center" w="16">
                      {CHANNEL_NAMES[channel]}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {NOTIFICATION_KINDS.map((kind) => (
                  <Table.Row key={kind}>
                    <Table.Cell as="th" scope="row" fontWeight="normal">
                      <Text>{NOTIFICATION_LABELS[kind]}</Text>
                      {isLockedNotification(kind) && (
                        <Text fontSize="xs" color="fg.muted">
                          {LOCKED_NOTE}
                        </Text>
                      )}
                    </Table.Cell>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <Table.Cell key={channel} textAlign="center">
                        {carries(channel, kind) ? (
                          <PreferenceSwitch
                            label={`${NOTIFICATION_LABELS[kind]} by ${CHANNEL_NAMES[channel]}`}
                            locked={isLockedNotification(kind)}
                            checked={isLockedNotification(kind) || draft[channel][kind] !== false}
                            disabled={save.busy}
                            onChange={(on) => toggle(channel, kind, on)}
                          />
                        ) : (
                          <Text as="span" color="fg.muted" fontSize="sm">
                            <span aria-hidden="true">—</span>
                            <Text as="span" srOnly>
                              Not sent by {CHANNEL_NAMES[channel]}
                            </Text>
                          </Text>
                        )}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
          <FormField label={PASSWORD_LABEL} helper={PASSWORD_HELPER} error={passwordError}>
            {/* The width on a box around the field, so the show/hide toggle stays inside the field's end. */}
            <Box w="full" maxW="20rem">
              <PasswordInput
                name="password"
                autoComplete="current-password"
                value={password}
                disabled={save.busy}
                onChange={(event) => setPassword(event.target.value)}
              />
            </Box>
          </FormField>
        </Stack>
      </Dialog.Body>
      <DialogFormFooter
        submitting={save.busy}
        submitLabel="Save"
        loadingText="Saving"
        submitDisabled={!changes || save.offline}
      />
    </DialogFrame>
  );
}

function PreferenceSwitch({
  label,
  locked,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  locked: boolean;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Switch.Root
      size="sm"
      checked={checked}
      disabled={locked || disabled}
      onCheckedChange={(details) => onChange(details.checked)}
      display="inline-flex"
    >
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label srOnly>{locked ? `${label} (${LOCKED_NOTE})` : label}</Switch.Label>
    </Switch.Root>
  );
}
