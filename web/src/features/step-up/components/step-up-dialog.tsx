import { Dialog, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { DialogFormFooter } from "../../../components/ui/dialog-form-footer";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { FormField } from "../../../components/ui/form-field";
import { OneTimeCodeInput, useOneTimeCodeForm } from "../../../components/ui/one-time-code-input";
import { errorMessage } from "../../../lib/api-client";
import { provideStepUpPrompt } from "../../../lib/step-up";
import { stepUp } from "../api/step-up";
import { STEP_UP_TEXTS } from "../lib/step-up-texts";

interface Question {
  message: string;
  answer: (steppedUp: boolean) => void;
}

/**
 * Asks for an authenticator code when a money action is refused for want of a recent one (design.md §12.1), on top
 * of whatever dialog the action came from. Confirming steps the session up and lets the action go ahead (lib/step-up
 * sends it again); cancelling leaves it undone, which the action's own error toast says. Mount it once where money
 * actions are (the admin console).
 */
export function StepUpDialog() {
  const [question, setQuestion] = useState<Question & { id: number }>();
  const unanswered = useRef<Question>(undefined);

  useEffect(() => {
    let asked = 0;
    const stop = provideStepUpPrompt(
      (message) =>
        new Promise<boolean>((resolve) => {
          asked += 1;
          unanswered.current = { message, answer: resolve };
          setQuestion({ id: asked, ...unanswered.current });
        }),
    );
    return () => {
      stop();
      // Leaving the console while asked: the action is not done, and must not wait for ever.
      unanswered.current?.answer(false);
    };
  }, []);

  if (!question) return null;
  const answer = (steppedUp: boolean) => {
    unanswered.current = undefined;
    question.answer(steppedUp);
    setQuestion(undefined);
  };
  // Keyed by question, so each one starts with an empty field.
  return (
    <StepUpForm
      key={question.id}
      message={question.message}
      onDone={() => answer(true)}
      onCancel={() => answer(false)}
    />
  );
}

interface StepUpFormProps {
  message: string;
  onDone: () => void;
  onCancel: () => void;
}

/** A wrong, used or throttled code is the server's message under the field; the dialog stays open for another. */
function StepUpForm({ message, onDone, onCancel }: StepUpFormProps) {
  const { code, setCode, codeError, submitting, handleSubmit } = useOneTimeCodeForm(
    async (checked) => {
      await stepUp(checked);
      onDone();
    },
    (error) => errorMessage(error, STEP_UP_TEXTS.failed),
  );

  return (
    <Dialog.Root open placement="center" onOpenChange={({ open }) => !open && !submitting && onCancel()}>
      <DialogFrame title={STEP_UP_TEXTS.title} onSubmit={handleSubmit} closeDisabled={submitting}>
        <Dialog.Body>
          <Stack gap="3">
            <Text>{message || STEP_UP_TEXTS.prompt}</Text>
            <Text color="fg.muted" fontSize="sm">
              {STEP_UP_TEXTS.why}
            </Text>
            <FormField label={STEP_UP_TEXTS.codeLabel} error={codeError}>
              <OneTimeCodeInput autoFocus maxW="14rem" value={code} onChange={(event) => setCode(event.target.value)} />
            </FormField>
          </Stack>
        </Dialog.Body>
        <DialogFormFooter
          submitting={submitting}
          submitLabel={STEP_UP_TEXTS.confirm}
          loadingText={STEP_UP_TEXTS.confirming}
          onCancel={onCancel}
        />
      </DialogFrame>
    </Dialog.Root>
  );
}
