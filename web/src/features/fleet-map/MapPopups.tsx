import type { MapPoint } from '@dms/contract';
import { Button, Descriptions, List, Typography } from 'antd';
import { Link } from 'react-router';
import { useI18n } from '@/i18n';
import { boxPath, deviceLink } from '../devices/links';
import { StatusTag } from '../devices/status';
import { ReachTag } from '../reach/ReachTag';
import type { PlacedPoint } from './clusters';

/** The facts of one device in the map's popup, with the link to its page. */
export function DevicePopup({ point, onClose }: { point: PlacedPoint; onClose: () => void }) {
  const { t } = useI18n();
  const place = [point.province, point.city].filter(Boolean).join(' ');
  return (
    <div className="dms-map-popup" data-testid="map-popup" data-device-id={point.id}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'box', label: t('fleet.popup.box'), children: <Link to={boxPath(point.boxId)}>{point.boxId}</Link> },
          { key: 'controller', label: t('fleet.popup.controller'), children: point.controller },
          { key: 'company', label: t('fleet.popup.company'), children: point.company || '—' },
          { key: 'model', label: t('fleet.popup.model'), children: point.model || '—' },
          { key: 'status', label: t('fleet.popup.status'), children: <StatusTag status={point.status} testId="map-popup-status" /> },
          { key: 'reach', label: t('reach.column'), children: <ReachTag reach={point.reach} testId="map-popup-reach" /> },
          {
            key: 'location',
            label: t('fleet.popup.location'),
            children: (
              <>
                {place || '—'}
                {point.located && (
                  <Typography.Text type="secondary" className="dms-map-popup-approx" data-testid="map-popup-approx">
                    {t('fleet.popup.placedAt', { place: point.located.region })}
                  </Typography.Text>
                )}
              </>
            ),
          },
        ]}
      />
      <div className="dms-map-popup-actions">
        <Button size="small" onClick={onClose}>
          {t('fleet.popup.close')}
        </Button>
        <Link to={deviceLink(point)} data-testid="map-popup-open">
          <Button size="small" type="primary">
            {t('fleet.popup.open')}
          </Button>
        </Link>
      </div>
    </div>
  );
}

/** Devices that share one place (zooming in would never split them): a short list, each linking to its page. */
export function PlacePopup({ points }: { points: readonly MapPoint[] }) {
  const { t } = useI18n();
  return (
    <div className="dms-map-popup" data-testid="map-popup-place">
      <List
        size="small"
        dataSource={[...points]}
        renderItem={(p) => (
          <List.Item key={p.id}>
            <Link to={deviceLink(p)} data-testid="map-popup-device">
              {t('fleet.popup.device', { boxId: p.boxId, controller: p.controller })}
            </Link>
            <StatusTag status={p.status} />
            {p.reach.how !== 'admin' && <ReachTag reach={p.reach} />}
          </List.Item>
        )}
      />
    </div>
  );
}
