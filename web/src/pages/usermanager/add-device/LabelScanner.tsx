import { CameraOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '@/i18n';
import { pixelsOf, scanPhoto, scanPixels, type ScanResult } from './scan-label';

type Scanned = Extract<ScanResult, { kind: 'label' }>;
/** How often a camera frame is read. */
const FRAME_MS = 250;

/**
 * Reading a box's claim label (docs/people.md "Claiming a box"): with the phone's camera, frame by frame, or from a
 * photo the user uploads. Everything is read in the browser (jsQR), offline; nothing is sent until the claim.
 */
export function LabelScanner({ onScanned }: { onScanned: (label: Scanned) => void }) {
  const { t } = useI18n();
  const [problem, setProblem] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  const take = (result: ScanResult): boolean => {
    if (result.kind === 'label') {
      setProblem(null);
      onScanned(result);
      return true;
    }
    setProblem(result.kind === 'foreign' ? t('addDevice.scan.foreign') : t('addDevice.scan.none'));
    return false;
  };

  return (
    <div className="dms-label-scanner">
      <Space wrap>
        <Button
          icon={<CameraOutlined />}
          onClick={() => {
            setCamera(true);
          }}
          data-testid="add-device-scan"
        >
          {t('addDevice.scan.camera')}
        </Button>
        <Button icon={<UploadOutlined />} onClick={() => file.current?.click()} data-testid="add-device-photo">
          {t('addDevice.scan.photo')}
        </Button>
      </Space>
      <input
        ref={file}
        type="file"
        accept="image/*"
        capture="environment"
        style={{ display: 'none' }}
        data-testid="add-device-photo-input"
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = '';
          if (!chosen) return;
          scanPhoto(chosen).then(take, () => {
            setProblem(t('addDevice.scan.unreadable'));
          });
        }}
      />
      {problem && <Alert type="warning" showIcon className="dms-form-alert" data-testid="add-device-scan-problem" title={problem} />}
      {camera && (
        <CameraScan
          onClose={() => {
            setCamera(false);
          }}
          onFrame={(result) => {
            if (result.kind !== 'label') return false;
            setCamera(false);
            return take(result);
          }}
        />
      )}
    </div>
  );
}

/** The camera's picture, read every FRAME_MS until a label is found or the dialog is closed (the camera then stops). */
function CameraScan({ onClose, onFrame }: { onClose: () => void; onFrame: (result: ScanResult) => boolean }) {
  const { t } = useI18n();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  // The frames are read by the latest handler, without restarting the camera when it changes.
  const handler = useRef(onFrame);
  useEffect(() => {
    handler.current = onFrame;
  });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        timer = setInterval(() => {
          const v = video.current;
          if (!v || v.videoWidth === 0) return;
          const pixels = pixelsOf(v, v.videoWidth, v.videoHeight, canvas);
          if (pixels && handler.current(scanPixels(pixels))) clearInterval(timer);
        }, FRAME_MS);
      })
      .catch(() => {
        setFailed(true);
      });
    return () => {
      stopped = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
  return (
    <Modal open title={t('addDevice.scan.cameraTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      {failed ? (
        <Alert type="warning" showIcon title={t('addDevice.scan.noCamera')} data-testid="add-device-no-camera" />
      ) : (
        <video ref={video} className="dms-label-video" muted playsInline data-testid="add-device-video" />
      )}
    </Modal>
  );
}
