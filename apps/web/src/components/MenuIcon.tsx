import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EditOutlined,
  SendOutlined,
  SettingOutlined,
  SmileOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The icons route meta may name; only these are bundled. */
const ICONS: Record<string, ComponentType> = {
  dashboard: DashboardOutlined,
  user: UserOutlined,
  icons: SmileOutlined,
  apartment: ApartmentOutlined,
  setting: SettingOutlined,
  database: DatabaseOutlined,
  'bar-chart': BarChartOutlined,
  edit: EditOutlined,
  send: SendOutlined,
};

export function MenuIcon({ name }: { name: string | undefined }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
