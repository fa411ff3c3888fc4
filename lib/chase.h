/* chase: placeholder. */
#ifndef HB_CHASE_H
#define HB_CHASE_H
#endif
