import { Minus, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { cropToJpeg, type PixelCrop } from './cropImage.ts';

export interface ProfilePictureCropperProps {
  /** object URL of the chosen image */
  imageUrl: string;
  onCancel: () => void;
  /** receives the square JPEG; rejects with a message to show */
  onSave: (jpeg: Blob) => Promise<void>;
}

const MIN_ZOOM = 1;
const MAX_ZOOM = 3;

/** Square crop (aspect 1) with a zoom slider; the result is exported as JPEG. Loaded only when needed. */
export function ProfilePictureCropper({ imageUrl, onCancel, onSave }: ProfilePictureCropperProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelCrop | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  const save = async () => {
    if (!area || saving) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(await cropToJpeg(imageUrl, area));
    } catch (caught) {
      setError(
        caught instanceof Error ? caught.message : 'The picture could not be saved. Please try again.',
      );
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !saving && onCancel()}
      title="Crop your profile picture"
      description="Drag to position your photo and use the slider to zoom. It will be saved as a square."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={save} loading={saving} disabled={!area}>
            Save photo
          </Button>
        </>
      }
    >
      <div className="relative h-72 overflow-hidden rounded-xl bg-slate-900 sm:h-80">
        <Cropper
          image={imageUrl}
          crop={crop}
          zoom={zoom}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          aspect={1}
          cropShape="round"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={onCropComplete}
        />
      </div>
      <div className="mt-4 flex items-center gap-3">
        <Minus className="size-4 text-slate-400" aria-hidden="true" />
        <input
          type="range"
          aria-label="Zoom"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.01}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          className="h-2 flex-1 cursor-pointer accent-[var(--brand-2)]"
        />
        <Plus className="size-4 text-slate-400" aria-hidden="true" />
      </div>
      {error && <Alert className="mt-4">{error}</Alert>}
    </Modal>
  );
}
