import { Dialog } from "@chakra-ui/react";
import type { Package } from "@jengafund/shared";
import { type FormEvent, useState } from "react";
import { toast } from "react-toastify";
import { DialogFormFooter } from "../../../components/ui/dialog-form-footer";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { errorMessage } from "../../../lib/api-client";
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
  onSaved: (pkg: Package) => void;
}

export function PackageFormDialog({ pkg, onClose, onSaved }: PackageFormDialogProps) {
  const [form, setForm] = useState<PackageForm>(() => (pkg ? packageToForm(pkg) : newPackageForm()));
  const [errors, setErrors] = useState<PackageFormErrors>({});
  const [submitting, setSubmitting] = useState(false);

  function change(field: keyof PackageForm, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    // A field the admin is fixing stops showing its old complaint.
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { input, errors: found } = checkPackageForm(form);
    if (found) {
      setErrors(found);
      return;
    }
    setSubmitting(true);
    try {
      const result = pkg ? await updatePackage(pkg._id, input) : await createPackage(input);
      onSaved(result);
      toast.success(pkg ? "Package updated successfully" : "Package created successfully");
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to save package"));
      setSubmitting(false);
    }
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
          <PackageFields form={form} errors={errors} onChange={change} />
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
