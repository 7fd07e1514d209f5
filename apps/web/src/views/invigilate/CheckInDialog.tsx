import { CameraOutlined } from '@ant-design/icons';
import { CHECK_IN_REASON_MAX, type ConsoleCandidate } from '@kaoshi/shared';
import { Alert, App, Avatar, Button, Flex, Image, Input, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkInCandidate } from '../../api/invigilation';
import { uploadEditorFile } from '../../components/RichEditor/upload';
import { MODAL_WIDTH } from '../../components/list/responsive';
import {
  CameraRefused,
  captureJpeg,
  openCamera,
  stopCamera,
  type CameraProblem,
} from './door-camera';

type Camera =
  | { step: 'off' }
  | { step: 'opening' }
  | { step: 'live'; stream: MediaStream }
  | { step: 'taken'; blob: Blob; url: string }
  | { step: 'problem'; problem: CameraProblem };

/**
 * Check-in at the door: the registered photo beside the name and masked ID; confirm, or refuse
 * with a reason; optionally a photo with the device's camera, uploaded and kept as doorPhoto.
 * Without a camera (or not allowed) the check-in goes on without the photo. Keyed by the
 * candidate where it is mounted: each candidate starts afresh.
 */
export function CheckInDialog({
  examId,
  roomId,
  sessionId,
  candidate,
  onClose,
  onDone,
}: {
  examId: number;
  roomId: number;
  sessionId?: number;
  candidate: ConsoleCandidate | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [camera, setCamera] = useState<Camera>({ step: 'off' });
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState('');
  const video = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);

  const closeCamera = () => {
    stopCamera(streamRef.current);
    streamRef.current = null;
  };
  // Gone (the console keys the dialog by candidate): the camera off.
  useEffect(() => () => stopCamera(streamRef.current), []);
  useEffect(() => {
    if (camera.step === 'live' && video.current) {
      video.current.srcObject = camera.stream;
      void video.current.play().catch(() => undefined);
    }
    if (camera.step !== 'taken') return undefined;
    const { url } = camera;
    return () => URL.revokeObjectURL(url);
  }, [camera]);

  const startCamera = async () => {
    setCamera({ step: 'opening' });
    try {
      const stream = await openCamera();
      streamRef.current = stream;
      setCamera({ step: 'live', stream });
    } catch (error) {
      setCamera({
        step: 'problem',
        problem: error instanceof CameraRefused ? error.problem : 'unavailable',
      });
    }
  };
  const capture = async () => {
    if (!video.current) return;
    try {
      const blob = await captureJpeg(video.current);
      closeCamera();
      setCamera({ step: 'taken', blob, url: URL.createObjectURL(blob) });
    } catch {
      closeCamera();
      setCamera({ step: 'problem', problem: 'unavailable' });
    }
  };

  const submit = async (confirmed: boolean) => {
    if (!candidate) return;
    setBusy(true);
    setUploadError('');
    try {
      let doorPhoto: string | undefined;
      if (confirmed && camera.step === 'taken') {
        try {
          doorPhoto = (await uploadEditorFile('uploadimage', camera.blob, 'door.jpg')).url;
        } catch (error) {
          setUploadError(
            t('invigilate.checkInDialog.uploadFailed', {
              message: error instanceof Error ? error.message : '',
            }),
          );
          return;
        }
      }
      await checkInCandidate({
        examId,
        roomId,
        ...(sessionId ? { sessionId } : {}),
        studentId: candidate.studentId,
        confirmed,
        ...(confirmed ? {} : { reason: reason.trim() }),
        ...(doorPhoto ? { doorPhoto } : {}),
      });
      void message.success(
        t(confirmed ? 'invigilate.checkInDialog.checkedIn' : 'invigilate.checkInDialog.refused', {
          name: candidate.name,
        }),
      );
      closeCamera();
      onDone();
    } catch {
      // The request layer has shown the refusal.
    } finally {
      setBusy(false);
    }
  };

  const footer = refusing
    ? [
        <Button key="back" onClick={() => setRefusing(false)}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="refuse"
          danger
          type="primary"
          loading={busy}
          disabled={reason.trim() === ''}
          onClick={() => void submit(false)}
        >
          {t('invigilate.checkInDialog.refuse')}
        </Button>,
      ]
    : [
        <Button key="refuse" danger onClick={() => setRefusing(true)} disabled={busy}>
          {t('invigilate.checkInDialog.refuse')}
        </Button>,
        <Button key="confirm" type="primary" loading={busy} onClick={() => void submit(true)}>
          {t('invigilate.checkInDialog.confirm')}
        </Button>,
      ];

  return (
    <Modal
      open={candidate !== null}
      width={MODAL_WIDTH}
      title={candidate && t('invigilate.checkInDialog.title', { name: candidate.name })}
      onCancel={() => {
        closeCamera();
        onClose();
      }}
      footer={footer}
      destroyOnHidden
    >
      {candidate && (
        <Flex vertical gap={12} className="check-in-dialog">
          <Flex gap={16} wrap align="start">
            <Flex vertical align="center" gap={4}>
              {candidate.photo ? (
                <Image
                  src={candidate.photo}
                  width={120}
                  height={150}
                  style={{ objectFit: 'cover' }}
                  alt={t('invigilate.checkInDialog.registered')}
                />
              ) : (
                <Avatar shape="square" size={120}>
                  {t('invigilate.checkInDialog.noPhoto')}
                </Avatar>
              )}
              <Typography.Text type="secondary">
                {t('invigilate.checkInDialog.registered')}
              </Typography.Text>
            </Flex>
            <Flex vertical gap={4} style={{ minWidth: 160 }}>
              <Typography.Title level={4} style={{ margin: 0 }} className="check-in-name">
                {candidate.name}
              </Typography.Title>
              <Typography.Text>
                {t('invigilate.ticket')}: {candidate.ticketNumber}
              </Typography.Text>
              <Typography.Text className="check-in-id">
                {t('invigilate.idNumber')}: {candidate.idNumberMasked}
              </Typography.Text>
              <Typography.Text>
                {t('invigilate.seat')}: {candidate.seat}
              </Typography.Text>
              {candidate.refusedReason && (
                <Typography.Text type="danger">
                  {t('invigilate.checkInDialog.refusedBefore', {
                    reason: candidate.refusedReason,
                  })}
                </Typography.Text>
              )}
            </Flex>
          </Flex>
          {refusing ? (
            <Input.TextArea
              autoFocus
              rows={2}
              maxLength={CHECK_IN_REASON_MAX}
              placeholder={t('invigilate.checkInDialog.refuseReason')}
              aria-label={t('invigilate.checkInDialog.refuseReason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          ) : (
            <DoorPhoto
              camera={camera}
              video={video}
              onStart={() => void startCamera()}
              onCapture={() => void capture()}
              onDrop={() => {
                closeCamera();
                setCamera({ step: 'off' });
              }}
            />
          )}
          {uploadError && <Alert type="error" showIcon title={uploadError} />}
        </Flex>
      )}
    </Modal>
  );
}

function DoorPhoto({
  camera,
  video,
  onStart,
  onCapture,
  onDrop,
}: {
  camera: Camera;
  video: React.RefObject<HTMLVideoElement | null>;
  onStart: () => void;
  onCapture: () => void;
  onDrop: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('invigilate.checkInDialog.door')}</Typography.Text>
      {camera.step === 'live' && (
        <video ref={video} className="door-camera" muted playsInline aria-hidden />
      )}
      {camera.step === 'taken' && (
        <img src={camera.url} className="door-camera" alt={t('invigilate.checkInDialog.door')} />
      )}
      {camera.step === 'problem' && (
        <Alert
          type="warning"
          showIcon
          className="camera-problem"
          title={t(
            camera.problem === 'denied'
              ? 'invigilate.checkInDialog.cameraDenied'
              : 'invigilate.checkInDialog.cameraUnavailable',
          )}
        />
      )}
      <Flex gap={8} wrap>
        {(camera.step === 'off' || camera.step === 'opening' || camera.step === 'problem') && (
          <Button icon={<CameraOutlined />} loading={camera.step === 'opening'} onClick={onStart}>
            {t('invigilate.checkInDialog.takePhoto')}
          </Button>
        )}
        {camera.step === 'live' && (
          <Button type="primary" icon={<CameraOutlined />} onClick={onCapture}>
            {t('invigilate.checkInDialog.capture')}
          </Button>
        )}
        {camera.step === 'taken' && (
          <Button icon={<CameraOutlined />} onClick={onStart}>
            {t('invigilate.checkInDialog.retake')}
          </Button>
        )}
        {(camera.step === 'live' || camera.step === 'taken') && (
          <Button onClick={onDrop}>{t('invigilate.checkInDialog.cancelCamera')}</Button>
        )}
      </Flex>
    </Flex>
  );
}
