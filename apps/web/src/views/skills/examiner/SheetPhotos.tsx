import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Image, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteSheetPhoto, listSheetPhotos, uploadSheetPhoto } from '../../../api/skill-scoring';
import { examinerKeys } from './examiner-routes';

interface Props {
  candidateId: number;
  /** Signed: the photos are kept as they are. */
  frozen: boolean;
  online: boolean;
}

/** Photos of the work piece with the device's camera, kept with the examiner's sheet. */
export function SheetPhotos({ candidateId, frozen, online }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const photos = useQuery({
    queryKey: examinerKeys.photos(candidateId),
    queryFn: () => listSheetPhotos(candidateId),
  });
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: examinerKeys.photos(candidateId) });
  const upload = useMutation({
    mutationFn: (file: File) => uploadSheetPhoto(candidateId, file),
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: deleteSheetPhoto, onSettled: refresh });

  // A signed sheet without photos has nothing to show and nothing left to add.
  if (frozen && photos.isSuccess && photos.data.length === 0) return null;
  return (
    <Card size="small" title={t('examiner.sheet.photos')}>
      <Flex vertical gap={8}>
        <div className="score-photos">
          <Image.PreviewGroup>
            {(photos.data ?? []).map((photo) => (
              <Flex key={photo.id} vertical align="center" gap={4}>
                <Image src={photo.url} alt={photo.originalName} width={88} height={88} />
                {!frozen && (
                  <Button
                    className="examiner-touch"
                    icon={<DeleteOutlined />}
                    aria-label={t('examiner.sheet.deletePhoto')}
                    disabled={!online}
                    loading={remove.isPending && remove.variables === photo.id}
                    onClick={() => remove.mutate(photo.id)}
                  />
                )}
              </Flex>
            ))}
          </Image.PreviewGroup>
        </div>
        {!frozen && (
          <>
            <input
              ref={input}
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              data-testid="photo-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) upload.mutate(file);
                event.target.value = '';
              }}
            />
            <Button
              className="examiner-touch"
              icon={<CameraOutlined />}
              disabled={!online}
              loading={upload.isPending}
              onClick={() => input.current?.click()}
            >
              {t('examiner.sheet.takePhoto')}
            </Button>
            {!online && (
              <Typography.Text type="secondary">{t('examiner.sheet.photoOffline')}</Typography.Text>
            )}
          </>
        )}
      </Flex>
    </Card>
  );
}
