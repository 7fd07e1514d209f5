import { RoleKey } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { listRoleOptions } from '../../api/system';
import { useUserStore } from '../../stores/user';
import { systemKeys } from './queries';
import { useSystemLabels } from '../../utils/use-system-labels';

interface RoleSelectProps {
  value?: number[];
  onChange?: (roleIds: number[]) => void;
  id?: string;
}

/** Several roles out of all of them (a Form.Item passes value, onChange and id). */
export function RoleSelect({ value, onChange, id }: RoleSelectProps) {
  const { t } = useTranslation();
  const labels = useSystemLabels();
  const options = useQuery({ queryKey: systemKeys.roleOptions, queryFn: listRoleOptions });
  // The server lets only a SUPER_ADMIN grant SUPER_ADMIN.
  const maySuperAdmin = useUserStore(
    (state) => state.info?.roles.includes(RoleKey.SUPER_ADMIN) ?? false,
  );

  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      value={value}
      onChange={onChange}
      loading={options.isPending}
      placeholder={t('system.user.chooseRoles')}
      showSearch={{ optionFilterProp: 'label' }}
      options={(options.data ?? []).map((role) => ({
        value: role.roleId,
        label: labels.role(role.key, role.name),
        disabled: role.key === RoleKey.SUPER_ADMIN && !maySuperAdmin,
      }))}
    />
  );
}
