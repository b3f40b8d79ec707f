import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Detect = (frame: HTMLCanvasElement) => Promise<string | null>;
type NativeDetector = { detect: (source: HTMLCanvasElement) => Promise<{ rawValue: string }[]> };
type NativeDetectorClass = { new (o: { formats: string[] }): NativeDetector; getSupportedFormats?: () => Promise<string[]> };

/** The browser's own QR reader where it has one (Chrome on Android, Safari), else jsQR, loaded only now. */
async function detector(): Promise<Detect> {
  const Native = (window as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  // some browsers have the API but no reader behind it (desktop Linux): only one that reads QR codes is used
  const formats: string[] = (await Native?.getSupportedFormats?.().catch(() => [])) ?? [];
  if (Native && formats.includes('qr_code')) {
    try {
      const native = new Native({ formats: ['qr_code'] });
      return async (frame) => (await native.detect(frame))[0]?.rawValue ?? null;
    } catch {
      /* no QR support: jsQR below */
    }
  }
  const { default: jsQR } = await import('jsqr');
  return async (frame) => {
    const ctx = frame.getContext('2d', { willReadFrequently: true });
    if (!ctx) return null;
    const image = ctx.getImageData(0, 0, frame.width, frame.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

const SCAN_EVERY_MS = 150;
const SAME_CODE_PAUSE_MS = 3000; // the same ticket held in front of the camera is checked once, not every frame

/** The device's camera reading tickets' QR codes at the door: each code read is handed to `onCode` (once per
 * showing), the camera stays on for the next guest until it is stopped. */
export function CameraScanner({ onCode, onStop }: { onCode: (code: string) => void; onStop: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    let last = { code: '', at: 0 };
    const canvas = document.createElement('canvas');
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setError(t('checkIn.camera.unsupported'));
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        setError(t('checkIn.camera.denied'));
        return;
      }
      if (stopped || !video.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => {});
      const detect = await detector();
      setReady(true);
      const tick = async () => {
        const v = video.current;
        if (stopped || !v) return;
        if (v.videoWidth) {
          canvas.width = v.videoWidth;
          canvas.height = v.videoHeight;
          canvas.getContext('2d', { willReadFrequently: true })?.drawImage(v, 0, 0);
          const code = await detect(canvas).catch(() => null);
          const now = Date.now();
          if (code && (code !== last.code || now - last.at > SAME_CODE_PAUSE_MS)) {
            last = { code, at: now };
            handler.current(code);
          }
        }
        timer = window.setTimeout(() => void tick(), SCAN_EVERY_MS);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [t]);

  return (
    <Paper sx={{ p: 2 }} data-testid="camera-scanner">
      <Stack spacing={1.5}>
        {error ? (
          <Alert severity="warning">{error}</Alert>
        ) : (
          <Box sx={{ position: 'relative', width: '100%', maxWidth: 480, mx: 'auto', aspectRatio: '4 / 3', bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
            <video ref={video} muted playsInline style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            <Box sx={{ position: 'absolute', inset: '15%', border: 3, borderColor: 'common.white', borderRadius: 2, opacity: 0.7, pointerEvents: 'none' }} />
          </Box>
        )}
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {error ? '' : ready ? t('checkIn.camera.hold') : t('checkIn.camera.starting')}
          </Typography>
          <Button onClick={onStop} data-testid="camera-stop">
            {t('checkIn.camera.stop')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
