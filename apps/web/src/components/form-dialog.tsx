import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { notifySuccess } from '../lib/notify.ts';

export interface FormDialogProps<Values> {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Saves the validated values; a rejection keeps the dialog open (the api-client showed why). */
  onSubmit: (values: Values) => Promise<unknown>;
  initialValues?: Partial<Values>;
  /** Pass one to watch fields from outside (Form.useWatch); else the dialog makes its own. */
  form?: FormInstance<Values>;
  /** Said after a successful save. */
  successText?: string;
  width?: number;
  children: ReactNode;
}

/**
 * An add or edit dialog: an antd Form whose fields carry the contract's zod rules, 确定 validates
 * and saves, 取消 closes. The form is rebuilt on every open, so it starts from `initialValues`.
 */
export function FormDialog<Values extends object>({
  open,
  title,
  onClose,
  onSubmit,
  initialValues,
  form: givenForm,
  successText = '保存成功',
  width = 520,
  children,
}: FormDialogProps<Values>) {
  const [ownForm] = Form.useForm<Values>();
  const form = givenForm ?? ownForm;
  const [saving, setSaving] = useState(false);

  async function submit() {
    const values = await validValues(form);
    if (!values) return; // the messages show under the fields
    setSaving(true);
    try {
      await onSubmit(values);
    } catch {
      return; // shown by the api-client (titled 错误); the user can correct and retry
    } finally {
      setSaving(false);
    }
    notifySuccess(successText);
    onClose();
  }

  return (
    <Modal
      title={title}
      open={open}
      width={width}
      okText="确定"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        preserve={false}
        autoComplete="off"
        onFinish={() => void submit()}
      >
        <StartAfresh form={form} />
        {children}
      </Form>
    </Modal>
  );
}

/**
 * A form instance outlives the dialog (the caller may watch it), and rc-field-form merges what a
 * previous opening left in its store over the new initialValues. Mounted inside the Form (the
 * dialog's content mounts after the dialog opens), it resets the store to this opening's values.
 */
function StartAfresh<Values>({ form }: { form: FormInstance<Values> }) {
  useEffect(() => form.resetFields(), [form]);
  return null;
}

/**
 * The form's values once every rule passes, else null. A validation that another one overtook
 * (a field validating itself on change or blur as 确定 is clicked) says `outOfDate` without any
 * error: it is run again rather than silently doing nothing.
 */
async function validValues<Values>(form: FormInstance<Values>): Promise<Values | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await form.validateFields();
    } catch (error) {
      const { outOfDate, errorFields } = error as { outOfDate?: boolean; errorFields?: unknown[] };
      if (!outOfDate || (errorFields?.length ?? 0) > 0) return null;
    }
  }
  return null;
}
