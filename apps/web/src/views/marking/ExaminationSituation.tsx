import { useEffect } from 'react';
import { storage } from '../../utils/storage';
import ComingSoon from '../placeholder/ComingSoon';

/** Spec §2: opening the marking page sets the local flag showBySituation to true. */
export default function ExaminationSituation() {
  useEffect(() => storage.set('showBySituation', 'true'), []);
  return <ComingSoon />;
}
