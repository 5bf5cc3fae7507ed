import { Download } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { formatItemDate, formatSize, previewKindOf } from './format.ts';
import type { CloudItem } from './types.ts';

const TEXT_PREVIEW_BYTES = 200 * 1024;

function TextPreview({ url }: { url: string }) {
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch(url, { signal: controller.signal, headers: { range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` } })
      .then((response) =>
        response.ok ? response.text() : Promise.reject(new Error(String(response.status))),
      )
      .then(setText)
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') setFailed(true);
      });
    return () => controller.abort();
  }, [url]);
  if (failed) return <p className="text-sm text-slate-600">This file could not be loaded for preview.</p>;
  if (text === null) return <Spinner className="size-6 text-brand-2" label="Loading preview" />;
  return (
    <pre
      className="max-h-[60vh] overflow-auto rounded-xl bg-slate-50 p-4 text-sm whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200"
      data-testid="text-preview"
    >
      {text}
    </pre>
  );
}

/** The largest PDF shown in the preview; a larger one is offered for download instead. */
export const PDF_PREVIEW_MAX_BYTES = 50 * 1024 * 1024;

/** Whether bytes are a PDF: `%PDF-` within the first 1,024 bytes, as PDF readers accept it. */
export async function isPdfBlob(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, 1024).arrayBuffer());
  return new TextDecoder('latin1').decode(head).includes('%PDF-');
}

/** Why a file is not shown in place, and what to do instead (the Download button below). */
function NotShown({ children }: { children: ReactNode }) {
  return (
    <p className="max-w-prose py-8 text-center text-sm text-slate-600" data-testid="preview-not-shown">
      {children}
    </p>
  );
}

/**
 * A PDF in a frame of its own: the file is downloaded (its presigned URL, as the text preview reads it)
 * and shown from a `blob:` URL typed `application/pdf`. The app's Content-Security-Policy frames only
 * our origin and `blob:` documents (contracts/response-headers.ts), so the files bucket is never framed,
 * and the frame shows the browser's PDF viewer whatever Content-Type the object was stored with. Bytes
 * that are not a PDF (a file stored before the server read its bytes) are never framed at all.
 */
function PdfPreview({ url, name, size }: { url: string; name: string; size: number }) {
  const [documentUrl, setDocumentUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [notPdf, setNotPdf] = useState(false);
  const tooLarge = size > PDF_PREVIEW_MAX_BYTES;
  useEffect(() => {
    if (tooLarge) return;
    const controller = new AbortController();
    let made: string | undefined;
    setDocumentUrl(null);
    setFailed(false);
    setNotPdf(false);
    fetch(url, { signal: controller.signal })
      .then((response) =>
        response.ok ? response.blob() : Promise.reject(new Error(String(response.status))),
      )
      .then(async (blob) => {
        if (!(await isPdfBlob(blob))) return setNotPdf(true);
        if (controller.signal.aborted) return;
        made = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setDocumentUrl(made);
      })
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') setFailed(true);
      });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [url, tooLarge]);
  if (tooLarge)
    return (
      <p className="py-8 text-sm text-slate-600">
        This PDF is too large to preview here. Download it to open it.
      </p>
    );
  if (notPdf)
    return (
      <NotShown>“{name}” is not a PDF, so it is not opened here. Download it to see what it is.</NotShown>
    );
  if (failed) return <p className="text-sm text-slate-600">This file could not be loaded for preview.</p>;
  if (documentUrl === null) return <Spinner className="size-6 text-brand-2" label="Loading preview" />;
  return (
    <iframe
      src={documentUrl}
      title={name}
      className="h-[60vh] w-full rounded-xl ring-1 ring-slate-200"
      data-testid="pdf-preview"
    />
  );
}

/**
 * File preview (spec §2): images, PDF, video, audio and text, typed by the bytes the server read; web pages
 * and other files are never opened in place, and offer their download.
 */
export function PreviewModal({
  item,
  onClose,
  onDownload,
}: {
  item: CloudItem | null;
  onClose: () => void;
  onDownload: (item: CloudItem) => void;
}) {
  const kind = item ? previewKindOf(item) : 'none';
  const url = item?.url;
  return (
    <Modal
      open={Boolean(item)}
      onOpenChange={(open) => !open && onClose()}
      title={item?.name ?? ''}
      description={item ? `${formatSize(item.size)} · ${formatItemDate(item.created_at)}` : undefined}
      size="lg"
      className="sm:max-w-3xl"
      footer={
        item && (
          <Button variant="secondary" onClick={() => onDownload(item)}>
            <Download className="size-4" aria-hidden="true" />
            Download
          </Button>
        )
      }
    >
      {item && url ? (
        <div className="flex justify-center" data-testid="preview">
          {kind === 'image' && (
            <img
              src={url}
              alt={item.name}
              className="max-h-[60vh] rounded-xl object-contain ring-1 ring-slate-200"
            />
          )}
          {kind === 'pdf' && <PdfPreview url={url} name={item.name} size={item.size} />}
          {kind === 'video' && (
            // biome-ignore lint/a11y/useMediaCaption: user files come without captions
            <video src={url} controls className="max-h-[60vh] w-full rounded-xl bg-black" />
          )}
          {kind === 'audio' && (
            // biome-ignore lint/a11y/useMediaCaption: user files come without captions
            <audio src={url} controls className="w-full" />
          )}
          {kind === 'text' && (
            <div className="w-full">
              <TextPreview url={url} />
            </div>
          )}
          {kind === 'page' && (
            <NotShown>
              “{item.name}” is a web page. Web pages are never opened here, so that nothing in them can run:
              download it to open it.
            </NotShown>
          )}
          {kind === 'none' && (
            <p className="py-8 text-sm text-slate-600">
              No preview is available for this kind of file. Download it to open it.
            </p>
          )}
        </div>
      ) : (
        <p className="text-sm text-slate-600">This file is not available for preview.</p>
      )}
    </Modal>
  );
}
