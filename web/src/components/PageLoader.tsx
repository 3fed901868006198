import { Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A page of one thing read by its address (a controller type, a box type's configuration): "not found" with the way
 * back when the address is bad (`valid` false) or the read failed, a skeleton while it loads, then the page.
 */
export function PageLoader<T>({
  title,
  valid,
  read,
  notFound,
  back,
  children,
}: {
  title: string;
  valid: boolean;
  read: { data: T | undefined; isError: boolean };
  notFound: string;
  back: { to: string; label: string };
  children: (data: T) => ReactNode;
}) {
  if (!valid || read.isError) {
    return (
      <Card title={title}>
        <Empty description={notFound}>
          <Link to={back.to}>{back.label}</Link>
        </Empty>
      </Card>
    );
  }
  if (read.data === undefined) {
    return (
      <Card title={title}>
        <Skeleton active />
      </Card>
    );
  }
  return children(read.data);
}
