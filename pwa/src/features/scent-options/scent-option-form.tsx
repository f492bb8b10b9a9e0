import {
  CATALOGUE_MSG,
  type FieldErrors,
  IMAGE_MAX_BYTES,
  SCENT_OPTION_NAME_MAX,
  type ScentOption,
  scentOptionModel,
} from '@scentry/shared-schema';
import { type DragEvent, useEffect, useId, useState } from 'react';
import { Field } from '../../ui/field';
import { FormActions } from '../../ui/form-actions';
import { markSaved, SAVED_LISTS, useBackToList } from '../../ui/saved-row';
import { useToast } from '../../ui/toast';
import { useForm } from '../../ui/use-form';
import { useSaveScentOption } from './queries';

/** A courtesy check before upload (the server checks the bytes again). */
export async function checkImageFile(file: File): Promise<string | null> {
  if (file.size >= IMAGE_MAX_BYTES) return CATALOGUE_MSG.imageTooLarge;
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length < 8 || png.some((b, i) => head[i] !== b)) return CATALOGUE_MSG.imageNotPng;
  return null;
}

/** Create (no option) or edit a scent option; an edit starts from the loaded option. */
export function ScentOptionForm({ option }: { option?: ScentOption }) {
  // Back to the list as it was left (its page and search), where the saved row is shown.
  const toList = useBackToList('/admin/scentCardData');
  const notify = useToast();
  const inputId = useId();
  const save = useSaveScentOption();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(option?.storedPath ?? null);
  const [dragging, setDragging] = useState(false);
  const id = option?.id ?? 0;
  const form = useForm({
    schema: scentOptionModel,
    initial: { title: option?.title ?? '', spanishTitle: option?.names.es ?? '' },
    toInput: (v) => ({ id, title: v.title, names: { es: v.spanishTitle } }),
    fieldOf: { 'names.es': 'spanishTitle' },
    // The picture is required for a new option (the server checks it again, by its bytes).
    check: (): FieldErrors => (!id && !file ? { file: CATALOGUE_MSG.imageRequired } : {}),
    submit: (data) => save.mutateAsync({ id, title: data.title, names: data.names, file }),
    title: 'Scent option',
    success: id ? 'Scent option updated successfully' : 'Scent option saved successfully',
    onSuccess: (saved) => {
      markSaved(SAVED_LISTS.scentOptions, saved.id, !id);
      toList();
    },
  });
  const { errors } = form;

  useEffect(
    () => () => {
      if (preview?.startsWith('blob:')) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function choose(f: File | undefined) {
    if (!f) return;
    const problem = await checkImageFile(f);
    if (problem) {
      notify('error', problem, 'Upload scent card image');
      form.setErrors((e) => ({ ...e, file: problem }));
      return;
    }
    form.setErrors(({ file: _f, ...rest }) => rest);
    setFile(f);
    setPreview(URL.createObjectURL(f));
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    void choose(e.dataTransfer.files[0]);
  }

  return (
    <section className="stack narrow-form">
      <h1>Manage scent option</h1>
      <form className="stack" onSubmit={form.onSubmit} noValidate>
        <Field label="Scent option name" maxLength={SCENT_OPTION_NAME_MAX} {...form.field('title')} />
        <Field
          label="Name in Spanish (optional)"
          lang="es"
          maxLength={SCENT_OPTION_NAME_MAX}
          {...form.field('spanishTitle')}
        />
        <div className="field">
          <span className="label" id={`${inputId}-label`}>
            Upload scent card image
          </span>
          <label
            htmlFor={inputId}
            className={`dropzone${dragging ? ' dropzone-active' : ''}`}
            data-testid="dropzone"
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <span>Drag and drop a PNG here, or click to choose one</span>
            <span className="hint">PNG only, under 5 MB</span>
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/png"
            className="visually-hidden"
            aria-labelledby={`${inputId}-label`}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          {errors.file && (
            <p className="field-error" role="alert">
              {errors.file}
            </p>
          )}
        </div>
        <figure className="preview">
          <figcaption>Preview Image</figcaption>
          {preview ? (
            <img src={preview} alt={form.values.title ? `Preview of ${form.values.title}` : 'Preview'} />
          ) : (
            <div className="preview-empty">No image chosen yet</div>
          )}
        </figure>
        <FormActions busy={form.busy} submit="Submit" onCancel={toList} />
      </form>
    </section>
  );
}
