import { BOX_TYPE_MAX, type BoxRegQuery } from '@dms/contract';
import { idParam, textParam, type ListParams, type ListSpec } from '@/components/list-page/list-params';

export interface BoxRegFilter {
  boxId: number | undefined;
  username: string | undefined;
  companyName: string | undefined;
  boxType: string | undefined;
}

/** The registered boxes' filters as the URL keeps them (`?boxId=…&username=…&companyName=…&boxType=…`); newest first. */
export const BOX_REG_LIST: ListSpec<BoxRegFilter> = {
  filter: { boxId: idParam(), username: textParam(64), companyName: textParam(128), boxType: textParam(BOX_TYPE_MAX) },
};

export function boxRegQuery({ filter, page, pageSize }: ListParams<BoxRegFilter>): BoxRegQuery {
  return { ...filter, page, page_size: pageSize };
}
