import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EditOutlined,
  ExperimentOutlined,
  SendOutlined,
  SettingOutlined,
  SmileOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The icons route meta may name; only these are bundled. */
export const MENU_ICONS: Readonly<Record<string, ComponentType>> = {
  dashboard: DashboardOutlined,
  user: UserOutlined,
  icons: SmileOutlined,
  apartment: ApartmentOutlined,
  setting: SettingOutlined,
  database: DatabaseOutlined,
  'bar-chart': BarChartOutlined,
  edit: EditOutlined,
  send: SendOutlined,
  experiment: ExperimentOutlined,
};

export function MenuIcon({ name }: { name: string | undefined }) {
  const Icon = (name && MENU_ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
