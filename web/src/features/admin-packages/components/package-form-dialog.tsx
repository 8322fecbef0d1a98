import { Dialog, Stack, Text } from "@chakra-ui/react";
import type { Package, PackageInput } from "@jengafund/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { DialogFormFooter } from "../../../components/ui/dialog-form-footer";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { errorMessage } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { toast } from "../../../lib/toast/toast";
import { createPackage } from "../api/create-package";
import { updatePackage } from "../api/update-package";
import {
  checkPackageForm,
  newPackageForm,
  type PackageForm,
  type PackageFormErrors,
  packageToForm,
} from "../lib/package-form";
import { PackageFields } from "./package-fields";

interface PackageFormDialogProps {
  /** The package to edit; none for a new one. */
  pkg?: Package;
  onClose: () => void;
}

export function PackageFormDialog({ pkg, onClose }: PackageFormDialogProps) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<PackageForm>(() => (pkg ? packageToForm(pkg) : newPackageForm()));
  const [errors, setErrors] = useState<PackageFormErrors>({});
  const save = useMutation({
    /** The server's message when the package or its new terms wait for a second admin; nothing when applied. */
    mutationFn: async (input: PackageInput): Promise<string | undefined> => {
      if (!pkg) return (await createPackage(input)).message;
      const outcome = await updatePackage(pkg._id, input);
      return outcome.kind === "sentForApproval" ? outcome.message : undefined;
    },
    onSuccess: (waiting) => {
      onClose();
      if (waiting) {
        // Investors see nothing new until a second admin approves: only the approvals are read again.
        toast.info(waiting);
        void queryClient.invalidateQueries({ queryKey: queryKeys.admin.packageChanges });
        return;
      }
      toast.success("Package updated successfully");
      void queryClient.invalidateQueries({ queryKey: queryKeys.packages });
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats });
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to save package")),
  });
  const submitting = save.isPending;

  function change(field: keyof PackageForm, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    // A field the admin is fixing stops showing its old complaint.
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { input, errors: found } = checkPackageForm(form);
    if (found) {
      setErrors(found);
      return;
    }
    save.mutate(input);
  }

  return (
    <Dialog.Root
      open
      placement="center"
      size={{ base: "full", md: "lg" }}
      scrollBehavior="inside"
      onOpenChange={({ open }) => !open && !submitting && onClose()}
    >
      <DialogFrame
        title={pkg ? "Edit Package" : "Add Package"}
        onSubmit={handleSubmit}
        closeDisabled={submitting}
        mx={{ base: "0", md: "4" }}
      >
        <Dialog.Body>
          <Stack gap="4">
            <Text fontSize="sm" color="fg.muted">
              {pkg
                ? "Changes to price, rates or maturity wait for a second admin's approval; other changes apply at once."
                : "A new package is listed for investors once a second admin approves it."}
            </Text>
            <PackageFields form={form} errors={errors} onChange={change} />
          </Stack>
        </Dialog.Body>
        <DialogFormFooter
          submitting={submitting}
          submitLabel={pkg ? "Save Changes" : "Create Package"}
          loadingText="Saving"
          onCancel={onClose}
        />
      </DialogFrame>
    </Dialog.Root>
  );
}
