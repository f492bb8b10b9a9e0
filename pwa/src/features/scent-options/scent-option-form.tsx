import { CATALOGUE_MSG, IMAGE_MAX_BYTES, parseRequest, scentOptionModel } from '@scentry/shared-schema';
import { useNavigate } from '@tanstack/react-router';
import { type DragEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { ApiFailure } from '../../lib/api';
import { useQuery } from '../../lib/use-query';
import { Field } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { createScentOption, getScentOption, updateScentOption } from './api';

/** A courtesy check before upload (the server checks the bytes again). */
export async function checkImageFile(file: File): Promise<string | null> {
  if (file.size >= IMAGE_MAX_BYTES) return CATALOGUE_MSG.imageTooLarge;
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length < 8 || png.some((b, i) => head[i] !== b)) return CATALOGUE_MSG.imageNotPng;
  return null;
}

export function ScentOptionForm({ id }: { id?: number }) {
  const navigate = useNavigate();
  const notify = useToast();
  const inputId = useId();
  const existing = useQuery((signal) => (id ? getScentOption(id, signal) : Promise.resolve(null)), [id]);
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (existing.data) {
      setTitle(existing.data.title);
      setPreview(existing.data.storedPath);
    }
  }, [existing.data]);

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
      setErrors((e) => ({ ...e, file: problem }));
      return;
    }
    setErrors(({ file: _f, ...rest }) => rest);
    setFile(f);
    setPreview(URL.createObjectURL(f));
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    void choose(e.dataTransfer.files[0]);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const check = parseRequest(scentOptionModel, { id: id ?? 0, title });
    const next: Record<string, string> = check.ok ? {} : { ...check.fields };
    if (!id && !file) next.file = CATALOGUE_MSG.imageRequired;
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      if (id) await updateScentOption(id, title.trim(), file);
      else await createScentOption(title.trim(), file);
      notify('success', id ? 'Scent option updated successfully' : 'Scent option saved successfully');
      navigate({ to: '/admin/scentCardData' });
    } catch (err) {
      const kind = err instanceof ApiFailure && err.isWarning ? 'warning' : 'error';
      notify(kind, (err as Error).message, 'Scent option');
    } finally {
      setBusy(false);
    }
  }

  if (id && existing.error) {
    return (
      <p className="notice notice-error" role="alert">
        {existing.error}
      </p>
    );
  }
  if (id && !existing.data) return <Spinner label="Loading the scent option" />;

  return (
    <section className="stack narrow-form">
      <h1>Manage scent option</h1>
      <form className="stack" onSubmit={submit} noValidate>
        <Field
          label="Scent option name"
          value={title}
          maxLength={40}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title}
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
            <img src={preview} alt={title ? `Preview of ${title}` : 'Preview'} />
          ) : (
            <div className="preview-empty">No image chosen yet</div>
          )}
        </figure>
        <div className="actions">
          <button
            type="button"
            className="button button-ghost"
            onClick={() => navigate({ to: '/admin/scentCardData' })}
          >
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving…' : 'Submit'}
          </button>
        </div>
      </form>
    </section>
  );
}
