import type { Photo } from '@encore/model';
import type { WithId } from '../../firebase/to-model';

export type PhotoDoc = WithId<Photo>;
