// "Add to calendar": downloads the call's .ics file, made in the browser from what the page already shows.
import { CalendarPlus } from 'lucide-react';
import { Button } from '../ui';
import { meetingIcs, meetingIcsName, type CalendarCall } from './meeting-ics';

export function CalendarDownload({ call }: { call: CalendarCall }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([meetingIcs(call)], { type: 'text/calendar;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = meetingIcsName(call);
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };
  return (
    <Button type="button" $variant="outline" onClick={download}>
      <CalendarPlus size={16} aria-hidden />
      Add to calendar (.ics)
    </Button>
  );
}
