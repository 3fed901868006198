import { Space, Tabs } from 'antd';
import { useState } from 'react';
import { useI18n } from '@/i18n';
import { BoxTypeList } from './BoxTypeList';
import { ImageList } from './ImageList';
import { SendLog } from './SendLog';
import { UploadForm } from './UploadForm';
import './upload.css';

type UploadTab = 'images' | 'sends' | 'types';
const TABS: readonly UploadTab[] = ['images', 'sends', 'types'];

/**
 * /smartbox/upload (root; issue 23): box images. Root uploads a firmware image or a box program for a box type, checked
 * against the SHA-256 the vendor published (in the browser before sending, and by the server before it stores it); the
 * images uploaded, the upload log of every image a box downloaded, and the box types with their configurations
 * (/smartbox/config/…). Rollouts are /smartbox/box-software's.
 */
export default function ImageUploadPage() {
  const { t } = useI18n();
  const [tab, setTab] = useState<UploadTab>('images');
  return (
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }} data-testid="smartbox-upload">
      <UploadForm />
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = TABS.find((x) => x === key);
          if (next) setTab(next);
        }}
        items={[
          {
            key: 'images',
            label: <span data-testid="upload-tab-images">{t('firmware.upload.tabs.images')}</span>,
            children: <ImageList />,
          },
          {
            key: 'sends',
            label: <span data-testid="upload-tab-sends">{t('firmware.upload.tabs.sends')}</span>,
            children: <SendLog />,
          },
          {
            key: 'types',
            label: <span data-testid="upload-tab-types">{t('boxTypes.tab')}</span>,
            children: <BoxTypeList />,
          },
        ]}
      />
    </Space>
  );
}
